// The embedded donation provider (docs/rules.md "Donations"): every call of catalogue spec
// section 7 answered from a real test database (SQLite, or PostgreSQL with TEST_POSTGRES_URL)
// seeded by the donations seed, with the errors of catalogue spec section 8.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import {
  CAMPAIGN,
  charitySearchQuery,
  DONATION_ERROR,
  EMBEDDED_DONATION_STORE_ID,
  ShoppingGivesApiError,
  type DonationErrorMessage,
} from "~/models/donations";
import { loader as donationLogo } from "~/routes/donation-logos.$name";
import { createEmbeddedDonations } from "~/services/donations/embedded.server";
import type { DonationProvider } from "~/services/donations/types";
import { seedDonations } from "../../prisma/seed/donations";
import { createTestDatabase } from "../helpers/db";
import { TEST_DB_DIR, TEST_POSTGRES_URL } from "../helpers/migrations";
import { callRoute, ORIGIN } from "../helpers/routes";

// The seed's fixed data (prisma/seed/donations.ts).
const DEFAULT_CAUSE = "89-1040231"; // Second Chance Shelter Alliance, multiplier 2
const OTHER_CAUSE = "89-1040232"; // Willamette Whiskers Rescue
const PORTFOLIO = "a3c9e1f07b2d4c6e8f1a2b3c4d5e6f70"; // Shelter Pets Fund
const FIRST_AUTOSHIP = "segment-first-autoship"; // 2%
const EMPLOYEE = "segment-employee"; // excluded

/** A second store, for the rules the seeded one does not reach. */
const OTHER_STORE = "0123456789abcdef0123456789abcdef";

let db: PrismaClient;
let donations: DonationProvider;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedDonations(db, { images: false });
  donations = createEmbeddedDonations(db, EMBEDDED_DONATION_STORE_ID);
});

afterAll(async () => {
  await db.$disconnect();
});

/** The ShoppingGivesApiError a call rejects with. */
async function apiError(promise: Promise<unknown>): Promise<ShoppingGivesApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShoppingGivesApiError);
  return error as ShoppingGivesApiError;
}

async function expectApiError(promise: Promise<unknown>, message: DonationErrorMessage, status: number | null) {
  const error = await apiError(promise);
  expect({ message: error.message, status: error.status }).toEqual({ message, status });
}

/** A second store with its own settings (replaced on each call). */
async function otherStore(data: {
  activeCampaigns: number[];
  defaultDonation?: number;
  defaultDonationType?: number;
  isActive?: boolean;
  causeMultipliers?: string;
}): Promise<DonationProvider> {
  await db.donationStore.deleteMany({ where: { id: OTHER_STORE } });
  await db.donationStore.create({
    data: {
      id: OTHER_STORE,
      name: "Other store",
      activeCampaigns: JSON.stringify(data.activeCampaigns),
      causeMultipliers: data.causeMultipliers ?? "{}",
      defaultCauseId: OTHER_CAUSE,
      defaultDonation: data.defaultDonation ?? 1,
      defaultDonationType: data.defaultDonationType ?? 0,
      isActive: data.isActive ?? true,
    },
  });
  return createEmbeddedDonations(db, OTHER_STORE);
}

const CART = [
  { id: "a", price: 23.99, quantity: 2, discount: 0 },
  { id: "b", price: 10.5, quantity: 1, discount: 0 },
];
const cart = (extra: Partial<Parameters<DonationProvider["getCartDonation"]>[0]> = {}) =>
  donations.getCartDonation({ cmsIds: CART, cartDiscount: 0, ignoreDirectDonations: false, ...extra });

describe("getStore (GET stores/cc-small/none)", () => {
  it("the seeded store, its JSON columns parsed into the store's shape, segments in priority order", async () => {
    const store = await donations.getStore();
    expect(store).toMatchObject({
      id: EMBEDDED_DONATION_STORE_ID,
      name: "Pet Nutrition Gives",
      activeCampaigns: [CAMPAIGN.onlinePurchase, CAMPAIGN.roundUp, CAMPAIGN.addOn],
      causeMultipliers: { [DEFAULT_CAUSE]: 2 },
      defaultCauseId: DEFAULT_CAUSE,
      defaultCauseIds: [DEFAULT_CAUSE],
      defaultDonation: 1,
      defaultDonationType: 0,
      letShoppersChoose: true,
      searchEnabled: true,
      isActive: true,
      primaryCurrency: "USD",
    });
    expect(store.featuredCauseIds).toHaveLength(4);
    expect(store.featuredCauseIds).toContain(PORTFOLIO);
    expect(store.featuredCauseIds).toContain(DEFAULT_CAUSE);
    expect(store.customerSegments).toEqual([
      {
        id: FIRST_AUTOSHIP,
        isActive: true,
        name: "First autoship orders",
        excludeSegment: false,
        frontEndPropertyName: "orderType",
        frontEndSource: "cart",
        priorityIndex: 0,
        valueCategory: "specified",
        specifiedValues: ["firstPurchaseSubscription"],
        donationAction: { type: 0, amount: 2 },
      },
      {
        id: EMPLOYEE,
        isActive: true,
        name: "Employee purchases",
        excludeSegment: true,
        frontEndPropertyName: "discountCodes",
        frontEndSource: "cart",
        priorityIndex: 1,
        valueCategory: "specified",
        specifiedValues: ["EMPLOYEE"],
        donationAction: null,
      },
    ]);
  });

  it("the store id is matched whatever its case", async () => {
    const store = await createEmbeddedDonations(db, EMBEDDED_DONATION_STORE_ID.toUpperCase()).getStore();
    expect(store.id).toBe(EMBEDDED_DONATION_STORE_ID);
  });

  it("an unknown store, or a malformed id: 'Error retrieving store', 404", async () => {
    await expectApiError(
      createEmbeddedDonations(db, "ffffffffffffffffffffffffffffffff").getStore(),
      DONATION_ERROR.retrieveStore,
      404,
    );
    await expectApiError(createEmbeddedDonations(db, "not-a-store").getStore(), DONATION_ERROR.retrieveStore, 404);
  });

  it("a store whose JSON column is broken: 'Error retrieving store' (no status), the cause kept", async () => {
    const other = await otherStore({ activeCampaigns: [1], causeMultipliers: "{not json" });
    const error = await apiError(other.getStore());
    expect([error.message, error.status]).toEqual([DONATION_ERROR.retrieveStore, null]);
    expect(String((error.cause as Error).message)).toMatch(/causeMultipliers/);
  });

  it("campaign ids that are not campaigns are left out", async () => {
    const other = await otherStore({ activeCampaigns: [1, 9, 4] });
    expect((await other.getStore()).activeCampaigns).toEqual([1, 4]);
  });
});

describe("getCartDonation (POST products/get-multiple-donation)", () => {
  it("the default cause, its multiplier (2×), the store's 1%: dollars with 2 decimals, per line and in all", async () => {
    // a: 47.98 × 1% × 2 = 0.9596 → 0.96; b: 10.50 × 1% × 2 = 0.21
    expect(await cart()).toEqual({
      donationRecipients: [{ causeId: DEFAULT_CAUSE, causeName: "Second Chance Shelter Alliance", amount: 1.17 }],
      lineItems: [
        { cmsId: "a", donationAmount: 0.96 },
        { cmsId: "b", donationAmount: 0.21 },
      ],
      totalDonationAmount: 1.17,
      cartDonation: 1.17,
      showWidget: true,
    });
  });

  it("the cart discount reduces the base (× multiplier); one bigger than the cart gives 0", async () => {
    expect((await cart({ cartDiscount: 10 })).totalDonationAmount).toBe(0.97); // 1.17 - 10 × 1% × 2
    const all = await cart({ cartDiscount: 100 });
    expect([all.totalDonationAmount, all.cartDonation, all.donationRecipients]).toEqual([0, 0, []]);
    // round-up and add-on are active: the widget stays
    expect(all.showWidget).toBe(true);
  });

  it("a line's own discount reduces that line", async () => {
    const result = await donations.getCartDonation({
      cmsIds: [{ id: "a", price: 23.99, quantity: 2, discount: 7.98 }],
      cartDiscount: 0,
      ignoreDirectDonations: false,
    });
    expect(result.lineItems).toEqual([{ cmsId: "a", donationAmount: 0.8 }]); // 40.00 × 1% × 2
  });

  it("a provided cause replaces the default, with its own multiplier (none: 1×); a portfolio too", async () => {
    const other = await cart({ providedCauseId: OTHER_CAUSE });
    expect(other.totalDonationAmount).toBe(0.59); // 0.48 + 0.11 (10.5 cents rounds up)
    expect(other.donationRecipients).toEqual([
      { causeId: OTHER_CAUSE, causeName: "Willamette Whiskers Rescue", amount: 0.59 },
    ]);
    const portfolio = await cart({ providedCauseId: PORTFOLIO });
    expect(portfolio.donationRecipients).toEqual([
      { causeId: PORTFOLIO, causeName: "Shelter Pets Fund", amount: 0.59 },
    ]);
  });

  it("an unknown cause: 'Error retrieving cart donation', 404", async () => {
    await expectApiError(cart({ providedCauseId: "89-9999999" }), DONATION_ERROR.cartDonation, 404);
  });

  it("a segment's donation action replaces the store's default (first autoship: 2%)", async () => {
    // a: 47.98 × 2% × 2 = 1.9192 → 1.92; b: 10.50 × 2% × 2 = 0.42
    const result = await cart({ customerSegmentId: FIRST_AUTOSHIP });
    expect([result.totalDonationAmount, result.showWidget]).toEqual([2.34, true]);
  });

  it("an excluded segment (employees) gives nothing and hides the widget", async () => {
    expect(await cart({ customerSegmentId: EMPLOYEE })).toEqual({
      donationRecipients: [],
      lineItems: [
        { cmsId: "a", donationAmount: 0 },
        { cmsId: "b", donationAmount: 0 },
      ],
      totalDonationAmount: 0,
      cartDonation: 0,
      showWidget: false,
    });
  });

  it("an unknown or inactive segment leaves the store's default", async () => {
    expect((await cart({ customerSegmentId: "segment-unknown" })).totalDonationAmount).toBe(1.17);
    await db.donationSegment.update({ where: { id: EMPLOYEE }, data: { isActive: false } });
    try {
      expect(await cart({ customerSegmentId: EMPLOYEE })).toMatchObject({
        totalDonationAmount: 1.17,
        showWidget: true,
      });
    } finally {
      await db.donationSegment.update({ where: { id: EMPLOYEE }, data: { isActive: true } });
    }
  });

  it("the widget rule: online purchase alone shows it from 1 cent, hides it at 0", async () => {
    const other = await otherStore({ activeCampaigns: [CAMPAIGN.onlinePurchase] });
    const oneCent = await other.getCartDonation({
      cmsIds: [{ id: "a", price: 0.5, quantity: 1, discount: 0 }], // 0.5 cent → 1 cent
      cartDiscount: 0,
      ignoreDirectDonations: false,
    });
    expect([oneCent.totalDonationAmount, oneCent.showWidget]).toEqual([0.01, true]);
    const zero = await other.getCartDonation({
      cmsIds: [{ id: "a", price: 0.49, quantity: 1, discount: 0 }],
      cartDiscount: 0,
      ignoreDirectDonations: false,
    });
    expect([zero.totalDonationAmount, zero.showWidget]).toEqual([0, false]);
  });

  it("without the online-purchase campaign a purchase gives nothing; round-up alone still shows the widget", async () => {
    const other = await otherStore({ activeCampaigns: [CAMPAIGN.roundUp] });
    const result = await other.getCartDonation({ cmsIds: CART, cartDiscount: 0, ignoreDirectDonations: false });
    expect([result.totalDonationAmount, result.showWidget]).toEqual([0, true]);
  });

  it("an inactive store gives nothing and shows no widget", async () => {
    const other = await otherStore({ activeCampaigns: [1, 3, 4], isActive: false });
    const result = await other.getCartDonation({ cmsIds: CART, cartDiscount: 0, ignoreDirectDonations: false });
    expect([result.totalDonationAmount, result.showWidget]).toEqual([0, false]);
  });

  it("a flat store gives dollars per unit; the cart discount does not reduce it", async () => {
    const other = await otherStore({ activeCampaigns: [1], defaultDonationType: 1, defaultDonation: 0.25 });
    const result = await other.getCartDonation({ cmsIds: CART, cartDiscount: 5, ignoreDirectDonations: false });
    expect(result.lineItems).toEqual([
      { cmsId: "a", donationAmount: 0.5 },
      { cmsId: "b", donationAmount: 0.25 },
    ]);
    expect(result.totalDonationAmount).toBe(0.75);
  });

  it("malformed lines or discount: 'Error retrieving cart donation', 400", async () => {
    for (const item of [
      { id: "a", price: -1, quantity: 1, discount: 0 },
      { id: "a", price: Number.NaN, quantity: 1, discount: 0 },
      { id: "a", price: 1, quantity: 1.5, discount: 0 },
      { id: "a", price: 1, quantity: -1, discount: 0 },
      { id: "a", price: 1, quantity: 1, discount: -2 },
    ]) {
      await expectApiError(
        donations.getCartDonation({ cmsIds: [item], cartDiscount: 0, ignoreDirectDonations: false }),
        DONATION_ERROR.cartDonation,
        400,
      );
    }
    await expectApiError(cart({ cartDiscount: -1 }), DONATION_ERROR.cartDonation, 400);
  });

  it("an unknown store: 'Error retrieving cart donation', 404", async () => {
    await expectApiError(
      createEmbeddedDonations(db, "ffffffffffffffffffffffffffffffff").getCartDonation({
        cmsIds: CART,
        cartDiscount: 0,
        ignoreDirectDonations: false,
      }),
      DONATION_ERROR.cartDonation,
      404,
    );
  });
});

describe("getProductDonation (GET products/donation-by-cms-id)", () => {
  it("one unit at the real price, the cause's multiplier, the segment's action", async () => {
    expect(await donations.getProductDonation({ cmsId: "sku-1", realPrice: 47.98 })).toEqual({
      donationRecipients: [{ causeId: DEFAULT_CAUSE, causeName: "Second Chance Shelter Alliance", amount: 0.96 }],
      lineItems: [{ cmsId: "sku-1", donationAmount: 0.96 }],
      totalDonationAmount: 0.96,
      cartDonation: 0.96,
      showWidget: true,
    });
    const other = await donations.getProductDonation({
      cmsId: "sku-1",
      realPrice: 47.98,
      providedCauseId: OTHER_CAUSE,
    });
    expect(other.totalDonationAmount).toBe(0.48);
    const autoship = await donations.getProductDonation({
      cmsId: "sku-1",
      realPrice: 47.98,
      customerSegmentId: FIRST_AUTOSHIP,
    });
    expect(autoship.totalDonationAmount).toBe(1.92);
    const employee = await donations.getProductDonation({
      cmsId: "sku-1",
      realPrice: 47.98,
      customerSegmentId: EMPLOYEE,
    });
    expect([employee.totalDonationAmount, employee.showWidget]).toEqual([0, false]);
  });

  it("a malformed price: 400; an unknown cause: 404 ('Error retrieving product donation')", async () => {
    await expectApiError(
      donations.getProductDonation({ cmsId: "x", realPrice: -1 }),
      DONATION_ERROR.productDonation,
      400,
    );
    await expectApiError(
      donations.getProductDonation({ cmsId: "x", realPrice: 1, providedCauseId: "nope" }),
      DONATION_ERROR.productDonation,
      404,
    );
  });
});

describe("searchCharities (GET charities/search)", () => {
  const names = (list: { name: string }[]) => list.map((c) => c.name);

  it("name contains the term, any case, category 3, ordered by name; portfolios never", async () => {
    const expected = [
      "Blue Ridge Animal Rescue Fund",
      "Desert Dog Rescue Network",
      "Music City Mutt Rescue",
      "Puget Sound Pet Rescue",
      "Sunflower State Rabbit Rescue",
      "Wasatch Working Dog Rescue",
      "Willamette Whiskers Rescue",
    ];
    expect(names(await donations.searchCharities(charitySearchQuery({ term: "rescue" })))).toEqual(expected);
    expect(names(await donations.searchCharities(charitySearchQuery({ term: "RESCUE" })))).toEqual(expected);
    expect(names(await donations.searchCharities(charitySearchQuery({ term: "shelter pets" })))).toEqual([
      "Heartland Shelter Pets Coalition",
    ]);
  });

  it("a charity as the service answers it: category logo when it has none, address, category name, multiplier", async () => {
    const [charity] = await donations.searchCharities(charitySearchQuery({ term: "second chance" }));
    expect(charity).toEqual({
      id: DEFAULT_CAUSE,
      ein: DEFAULT_CAUSE,
      name: "Second Chance Shelter Alliance",
      website: "https://second-chance-shelter-alliance.example.org",
      logoUrl: "/donation-logos/category-3.svg",
      address: "Topeka, KS 66603",
      description: expect.any(String),
      categoryId: 3,
      categoryName: "Animal-Related",
      multiplier: 2,
      portfolioCharities: [],
    });
  });

  it("a zip (from its start), else a city (any case), and a state narrow it", async () => {
    const search = (location: string, state?: string) =>
      donations.searchCharities(charitySearchQuery({ term: "", location, state })).then(names);
    expect(await search("66603")).toEqual(["Second Chance Shelter Alliance"]);
    expect(await search("666")).toEqual(["Second Chance Shelter Alliance", "Sunflower State Rabbit Rescue"]);
    expect(await search("05401")).toEqual(["Green Mountain Animal Welfare"]);
    expect(await search("topeka")).toEqual(["Second Chance Shelter Alliance", "Sunflower State Rabbit Rescue"]);
    expect(await search("Portland", "or")).toEqual(["Portland Pit Bull Project", "Willamette Whiskers Rescue"]);
    expect(await search("Portland", "ME")).toEqual([]);
    const kansas = await donations.searchCharities(charitySearchQuery({ term: "", state: "KS" }));
    expect(kansas.every((c) => c.address?.includes(", KS "))).toBe(true);
    expect(kansas.length).toBe(2);
  });

  it("another category, and skip/take pages in name order", async () => {
    const environment = await donations.searchCharities({ q: "", skip: 0, take: 25, categoryId: 2 });
    expect(names(environment)).toEqual(["Cascade Watershed Trust", "Centennial Wildlife Rehabilitation"]);
    const all = names(await donations.searchCharities({ q: "", skip: 0, take: 25, categoryId: 3 }));
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all).toEqual([...all].sort((a, b) => (a < b ? -1 : 1)));
    expect(names(await donations.searchCharities({ q: "", skip: 2, take: 3, categoryId: 3 }))).toEqual(all.slice(2, 5));
    expect(await donations.searchCharities({ q: "", skip: 500, take: 25, categoryId: 3 })).toEqual([]);
  });

  it("an unknown store: 'Error searching charities', 404", async () => {
    await expectApiError(
      createEmbeddedDonations(db, "ffffffffffffffffffffffffffffffff").searchCharities(
        charitySearchQuery({ term: "x" }),
      ),
      DONATION_ERROR.searchCharities,
      404,
    );
  });
});

describe("charitiesByEins (GET charities/search-by-eins)", () => {
  it("the charities asked for, in that order, with or without the EIN's hyphen; unknown and malformed left out", async () => {
    const found = await donations.charitiesByEins(["891040232", DEFAULT_CAUSE, "bad", "89-9999999", "89-1040232"]);
    expect(found.map((c) => c.id)).toEqual([OTHER_CAUSE, DEFAULT_CAUSE]);
    expect(found[1].multiplier).toBe(2);
    expect(await donations.charitiesByEins([])).toEqual([]);
  });

  it("more than 100 EINs: 'Error retrieving charities by EIN', 400", async () => {
    const eins = Array.from({ length: 101 }, (_, i) => `89-${String(1000000 + i)}`);
    await expectApiError(donations.charitiesByEins(eins), DONATION_ERROR.charitiesByEin, 400);
  });
});

describe("portfolio (GET portfolios/cc-query-with-charities)", () => {
  it("a 32-hex id: the portfolio with its member charities in order", async () => {
    const portfolio = await donations.portfolio(PORTFOLIO.toUpperCase());
    expect(portfolio).toMatchObject({
      id: PORTFOLIO,
      ein: null,
      name: "Shelter Pets Fund",
      logoUrl: "/donation-logos/category-3.svg",
      address: null,
      categoryName: "Animal-Related",
      multiplier: 1,
    });
    expect(portfolio!.portfolioCharities.map((c) => c.id)).toEqual([
      "89-1040231",
      "89-1040235",
      "89-1040245",
      "89-1040249",
    ]);
    expect(portfolio!.portfolioCharities[0]).toMatchObject({ name: "Second Chance Shelter Alliance", multiplier: 2 });
  });

  it("unknown, malformed (31 or 33 characters, not hex) or a charity's EIN: null", async () => {
    for (const id of [
      "ffffffffffffffffffffffffffffffff",
      PORTFOLIO.slice(1),
      `${PORTFOLIO}0`,
      `${PORTFOLIO.slice(1)}g`,
      DEFAULT_CAUSE,
    ]) {
      expect(await donations.portfolio(id)).toBeNull();
    }
  });
});

describe("tracking (POST tracking, set-cause, cause, add-integration-info, set-confirmation-data)", () => {
  const start = (flags: { isTestMode?: boolean; isForceTestMode?: boolean } = {}) =>
    donations.startTracking({
      storeId: EMBEDDED_DONATION_STORE_ID,
      isTestMode: flags.isTestMode ?? false,
      isForceTestMode: flags.isForceTestMode ?? false,
    });
  const row = (id: string) => db.donationTracking.findUniqueOrThrow({ where: { id } });

  it("starts a record with no cause; test mode when either flag is set", async () => {
    const record = await start();
    expect(record).toEqual({ trackingId: expect.any(String), causeId: null, causeName: null });
    expect(await row(record.trackingId)).toMatchObject({ storeId: EMBEDDED_DONATION_STORE_ID, isTestMode: false });
    expect((await row((await start({ isTestMode: true })).trackingId)).isTestMode).toBe(true);
    expect((await row((await start({ isForceTestMode: true })).trackingId)).isTestMode).toBe(true);
  });

  it("another store's id: 400; an unknown store: 404 ('Error starting tracking')", async () => {
    await expectApiError(
      donations.startTracking({ storeId: OTHER_STORE, isTestMode: false, isForceTestMode: false }),
      DONATION_ERROR.startTracking,
      400,
    );
    const unknown = "ffffffffffffffffffffffffffffffff";
    await expectApiError(
      createEmbeddedDonations(db, unknown).startTracking({
        storeId: unknown,
        isTestMode: false,
        isForceTestMode: false,
      }),
      DONATION_ERROR.startTracking,
      404,
    );
  });

  it("set-cause updates the record; get-cause reads it; an unknown record is null, or 404 to update", async () => {
    const { trackingId } = await start();
    expect(await donations.getCause(trackingId)).toEqual({ trackingId, causeId: null, causeName: null });
    const chosen = { causeId: OTHER_CAUSE, causeName: "Willamette Whiskers Rescue" };
    expect(await donations.setCause(trackingId, chosen)).toEqual({ trackingId, ...chosen });
    expect(await donations.getCause(trackingId)).toEqual({ trackingId, ...chosen });
    expect(await donations.getCause("no-such-record")).toBeNull();
    await expectApiError(donations.setCause("no-such-record", chosen), DONATION_ERROR.updateTracking, 404);
  });

  it("another store's provider does not see the record", async () => {
    const { trackingId } = await start();
    const other = await otherStore({ activeCampaigns: [1] });
    expect(await other.getCause(trackingId)).toBeNull();
    await expectApiError(
      other.setCause(trackingId, { causeId: "x", causeName: "x" }),
      DONATION_ERROR.updateTracking,
      404,
    );
  });

  it("add-integration-info keeps the info as JSON; an unknown record: 404", async () => {
    const { trackingId } = await start();
    await donations.addIntegrationInfo(trackingId, { integrationType: "shopify", info: { cartId: "c1" } });
    expect(JSON.parse((await row(trackingId)).integrationInfo!)).toEqual({
      integrationType: "shopify",
      info: { cartId: "c1" },
    });
    await expectApiError(
      donations.addIntegrationInfo("no-such-record", { integrationType: "x", info: {} }),
      DONATION_ERROR.updateTracking,
      404,
    );
  });

  it("set-confirmation-data keeps the data and the time of the first delivery; twice changes nothing", async () => {
    const { trackingId } = await start();
    const data = {
      totalDonationAmount: 1.77,
      causes: [{ causeId: DEFAULT_CAUSE, causeName: "Second Chance Shelter Alliance", amount: 1.77 }],
    };
    await donations.setConfirmationData(trackingId, data);
    const first = await row(trackingId);
    expect(JSON.parse(first.confirmationData!)).toEqual(data);
    expect(first.confirmedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await donations.setConfirmationData(trackingId, data);
    const second = await row(trackingId);
    expect(second.confirmationData).toBe(first.confirmationData);
    expect(second.confirmedAt!.getTime()).toBe(first.confirmedAt!.getTime());
    await expectApiError(donations.setConfirmationData("no-such-record", data), DONATION_ERROR.updateTracking, 404);
  });

  it("clickstream events are written as rows", async () => {
    const { trackingId } = await start();
    await donations.sendEvent({
      event: "cause_selected",
      properties: { causeId: OTHER_CAUSE },
      storeId: EMBEDDED_DONATION_STORE_ID,
      trackingId,
    });
    await donations.sendEvent({
      event: "widget_viewed",
      properties: {},
      storeId: EMBEDDED_DONATION_STORE_ID,
      trackingId: null,
    });
    const events = await db.donationEvent.findMany({ where: { trackingId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.event, JSON.parse(e.properties), e.storeId])).toEqual([
      ["cause_selected", { causeId: OTHER_CAUSE }, EMBEDDED_DONATION_STORE_ID],
    ]);
    expect(await db.donationEvent.count({ where: { event: "widget_viewed", trackingId: null } })).toBe(1);
  });
});

describe("database failures (catalogue spec section 8)", () => {
  it("every call fails with its own message and no status, the database error as its cause", async () => {
    // A database without the tables: every query fails.
    const url = TEST_POSTGRES_URL ?? `file:${path.join(TEST_DB_DIR, `donations-empty-${crypto.randomUUID()}.db`)}`;
    const broken = createPrismaClient(url);
    try {
      const provider = createEmbeddedDonations(broken, EMBEDDED_DONATION_STORE_ID);
      // Thunks: each call starts only when awaited, so no rejection goes unhandled meanwhile.
      const calls: [() => Promise<unknown>, DonationErrorMessage][] = [
        [() => provider.getStore(), DONATION_ERROR.retrieveStore],
        [() => provider.getProductDonation({ cmsId: "x", realPrice: 1 }), DONATION_ERROR.productDonation],
        [
          () => provider.getCartDonation({ cmsIds: CART, cartDiscount: 0, ignoreDirectDonations: false }),
          DONATION_ERROR.cartDonation,
        ],
        [() => provider.searchCharities(charitySearchQuery({ term: "x" })), DONATION_ERROR.searchCharities],
        [() => provider.charitiesByEins([DEFAULT_CAUSE]), DONATION_ERROR.charitiesByEin],
        [() => provider.portfolio(PORTFOLIO), DONATION_ERROR.portfolios],
        [
          () =>
            provider.startTracking({ storeId: EMBEDDED_DONATION_STORE_ID, isTestMode: false, isForceTestMode: false }),
          DONATION_ERROR.startTracking,
        ],
        [() => provider.setCause("t", { causeId: "c", causeName: "C" }), DONATION_ERROR.updateTracking],
        [() => provider.getCause("t"), DONATION_ERROR.updateTracking],
        [() => provider.addIntegrationInfo("t", { integrationType: "x", info: {} }), DONATION_ERROR.updateTracking],
        [
          () => provider.setConfirmationData("t", { totalDonationAmount: 0, causes: [] }),
          DONATION_ERROR.updateTracking,
        ],
        [
          () =>
            provider.sendEvent({ event: "e", properties: {}, storeId: EMBEDDED_DONATION_STORE_ID, trackingId: null }),
          DONATION_ERROR.updateTracking,
        ],
      ];
      for (const [run, message] of calls) {
        const error = await apiError(run());
        expect([error.message, error.status]).toEqual([message, null]);
        expect(error.cause).toBeDefined();
        expect(error.cause).not.toBeInstanceOf(ShoppingGivesApiError);
      }
    } finally {
      await broken.$disconnect();
      if (!TEST_POSTGRES_URL)
        for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(url.slice(5) + suffix, { force: true });
    }
  });
});

describe("the donations seed", () => {
  it("is idempotent: a second run leaves the same rows", async () => {
    const counts = async () => ({
      stores: await db.donationStore.count({ where: { id: EMBEDDED_DONATION_STORE_ID } }),
      segments: await db.donationSegment.count({ where: { storeId: EMBEDDED_DONATION_STORE_ID } }),
      charities: await db.charity.count(),
      animal: await db.charity.count({ where: { categoryId: 3, ein: { not: null } } }),
    });
    const before = await counts();
    const summary = await seedDonations(db, { images: false });
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({ stores: 1, segments: 2, charities: summary.charities + 1 });
    expect(summary.charities).toBeGreaterThanOrEqual(30);
    expect(summary.charities).toBeLessThanOrEqual(40);
    expect(before.animal / summary.charities).toBeGreaterThan(0.5);
    // every EIN in the one recorded form
    const eins = (await db.charity.findMany({ where: { ein: { not: null } }, select: { ein: true } })).map(
      (c) => c.ein,
    );
    expect(eins.every((ein) => /^\d{2}-\d{7}$/.test(ein!))).toBe(true);
  });

  it("with images it draws each charity's logo as an SVG file the charity links to", async () => {
    await seedDonations(db, { images: true });
    try {
      const withLogo = await db.charity.findMany({ where: { logoUrl: { not: null } } });
      expect(withLogo.length).toBeGreaterThanOrEqual(25);
      for (const charity of withLogo) {
        expect(charity.logoUrl).toBe(`/images/charities/${charity.ein}.svg`);
        const svg = fs.readFileSync(path.join("public", charity.logoUrl!), "utf8");
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(svg).toContain("<title>");
      }
      const [found] = await donations.charitiesByEins([withLogo[0].ein!]);
      expect(found.logoUrl).toBe(withLogo[0].logoUrl);
    } finally {
      await seedDonations(db, { images: false });
    }
    expect(await db.charity.count({ where: { logoUrl: { not: null } } })).toBe(0);
  });
});

describe("category default logos (GET /donation-logos/category-N.svg)", () => {
  const logo = (name: string) =>
    callRoute(donationLogo, new Request(`${ORIGIN}/donation-logos/${name}`), undefined, { params: { name } });

  it("category-0.svg to category-25.svg: an SVG, publicly cached for long, under a CSP that loads and runs nothing", async () => {
    for (const id of [0, 3, 25]) {
      const response = await logo(`category-${id}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=2592000");
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it("anything else: 404 in plain text", async () => {
    for (const name of [
      "category-26.svg",
      "category-03.svg",
      "category-3.png",
      "category-3",
      "logo.svg",
      "..%2Fcategory-3.svg",
    ]) {
      const response = await logo(name);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    }
  });
});
