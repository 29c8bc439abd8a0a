// The donation SDK layer (docs/rules.md "Donations") on the remote provider, against a fake
// ShoppingGives API on loopback: store loading within 5 s checked every 100 ms, 'Invalid
// StoreId', errors swallowed only when a listener handles them, the widget, the cart's
// tracking record, the cause choice, the extra, the search and what an order gives.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CAMPAIGN,
  DONATION_ERROR,
  DONATION_EXTRA_ATTRIBUTE,
  DONATION_TRACKING_ATTRIBUTE,
  DONATION_TYPE,
  INVALID_STORE_ID,
  ShoppingGivesApiError,
  ShoppingGivesSDKError,
  type DonationError,
} from "~/models/donations";
import type { CartLineView } from "~/models/cart";
import type { Cart } from "~/services/commerce/index.server";
import {
  createDonations,
  createRemoteDonations,
  DonationChoiceError,
  type DonationCartContext,
  type DonationProvider,
} from "~/services/donations/index.server";
import { startShoppingGivesServer, FAKE_PORTFOLIO_ID, type FakeShoppingGives } from "../helpers/shoppinggives-server";

let sg: FakeShoppingGives;

beforeAll(async () => {
  sg = await startShoppingGivesServer();
});
afterAll(async () => {
  await sg.stop();
});
afterEach(() => {
  sg.heal();
});

function line(overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    id: "line-1",
    variantId: "variant-1",
    sku: "SKU1",
    productTitle: "Adult Chicken",
    productType: "Dry Food",
    variantTitle: "15 lb",
    size: "15 lb",
    url: "adult-chicken",
    imageUrl: null,
    quantity: 2,
    unitPriceCents: 2500,
    compareAtPriceCents: null,
    sellingPlanId: null,
    sellingPlanName: null,
    weightValue: 15,
    weightUnit: "lbs",
    inventory: 10,
    attributes: [],
    ...overrides,
  };
}

function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: `cart-${Math.random().toString(36).slice(2)}`,
    site: "DTC",
    customerId: null,
    checkoutUrl: "/checkout",
    totalQuantity: 2,
    lines: [line()],
    cost: {
      subtotalAmount: { amount: "50.00", currencyCode: "USD" },
      totalAmount: { amount: "50.00", currencyCode: "USD" },
    },
    buyerIdentity: { email: null, phone: null, countryCode: null },
    attributes: [],
    note: null,
    discountCodes: [],
    ...overrides,
  };
}

/** An SDK layer on the fake service; cart attributes and queued events are kept in memory here. */
function sdk(
  options: {
    storeId?: string;
    listen?: boolean;
    storeTimeoutMs?: number;
    failureBackoffMs?: number;
    currencyRate?: number;
  } = {},
) {
  const written = new Map<string, { key: string; value: string }[]>();
  const events: unknown[] = [];
  const errors: DonationError[] = [];
  const storeId = options.storeId ?? sg.storeId;
  const layer = createDonations({
    provider: createRemoteDonations({ storeId, baseUrl: sg.baseUrl, timeoutMs: 10_000 }),
    storeId,
    testMode: true,
    storeTimeoutMs: options.storeTimeoutMs,
    failureBackoffMs: options.failureBackoffMs,
    currencyRate: options.currencyRate,
    async setCartAttributes(cartId, attributes) {
      written.set(cartId, [...(written.get(cartId) ?? []), ...attributes]);
    },
    async queueEvent(payload) {
      events.push(payload);
    },
  });
  if (options.listen !== false) layer.on((error) => errors.push(error));
  return { layer, written, events, errors };
}

const context = (c: Cart = cart(), site: "DTC" | "HPSF" = "DTC"): DonationCartContext => ({
  site,
  cart: c,
  customer: null,
});

describe("store loading (catalogue spec sections 4 and 9)", () => {
  it("a store id that is not 32 hex characters raises 'Invalid StoreId', thrown when nobody listens", async () => {
    for (const storeId of [
      "c0ffee00c0ffee00c0ffee00c0ffee0",
      "c0ffee00c0ffee00c0ffee00c0ffee000",
      "z0ffee00c0ffee00c0ffee00c0ffee00",
    ]) {
      const { layer } = sdk({ storeId, listen: false });
      await expect(layer.widget(context())).rejects.toThrow(new ShoppingGivesSDKError(INVALID_STORE_ID));
    }
  });

  it("a handled 'Invalid StoreId' is swallowed: a hidden, empty widget, reported once, no call made", async () => {
    const before = sg.requests.length;
    const { layer, errors } = sdk({ storeId: "not-a-store" });
    const widget = await layer.widget(context());
    await layer.widget(context());
    expect(widget).toMatchObject({ show: false, donationCents: 0, cause: null, featuredCauses: [] });
    expect(errors.map((e) => [e.name, e.message])).toEqual([["ShoppingGivesSDKError", INVALID_STORE_ID]]);
    expect(sg.requests.length).toBe(before);
  });

  it("a store that has not loaded within 5 seconds gives a hidden widget and 'Error initializing SDK'", async () => {
    sg.delay("store", 6_000, { times: 1 });
    const { layer, errors } = sdk();
    const started = Date.now();
    const widget = await layer.widget(context());
    const waited = Date.now() - started;
    expect(widget.show).toBe(false);
    expect(waited).toBeGreaterThanOrEqual(5_000);
    expect(waited).toBeLessThan(5_900);
    expect(errors.map((e) => e.message)).toContain(DONATION_ERROR.initialize);
    // Pages do not wait again during the backoff.
    const again = Date.now();
    expect((await layer.widget(context())).show).toBe(false);
    expect(Date.now() - again).toBeLessThan(1_000);
  }, 15_000);

  it("a store that answers within the limit is used as soon as a 100 ms check sees it", async () => {
    sg.delay("store", 300, { times: 1 });
    const { layer, errors } = sdk();
    const started = Date.now();
    const widget = await layer.widget(context());
    expect(widget.show).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(errors).toEqual([]);
  });

  it("a store the service fails to give reports 'Error retrieving store', then 'Error initializing SDK'", async () => {
    sg.answerWith("store", 500, undefined, { times: 1 });
    const { layer, errors } = sdk();
    expect((await layer.widget(context())).show).toBe(false);
    expect(errors.map((e) => [e.name, e.message])).toEqual([
      ["ShoppingGivesApiError", DONATION_ERROR.retrieveStore],
      ["ShoppingGivesSDKError", DONATION_ERROR.initialize],
    ]);
  });

  it("an error nobody listens to is thrown, not swallowed", async () => {
    sg.answerWith("store", 500, undefined, { times: 1 });
    const { layer } = sdk({ listen: false });
    const failure = await layer.widget(context()).catch((error: unknown) => error);
    expect(failure).toEqual(new ShoppingGivesSDKError(DONATION_ERROR.initialize));
    expect((failure as Error).cause).toEqual(new ShoppingGivesApiError(DONATION_ERROR.retrieveStore, 500));
  });
});

describe("the widget and what a cart gives", () => {
  it("shows what the cart gives to the default cause, with the featured causes and the extras", async () => {
    const { layer, errors } = sdk();
    const widget = await layer.widget(context());
    // 1% of 2 x $25.00 to the default cause (multiplier 1).
    expect(widget).toMatchObject({
      show: true,
      donationCents: 50,
      cause: { id: "12-3456789", name: "Paws Rescue League" },
      letShoppersChoose: true,
      searchEnabled: true,
      offersRoundUp: true,
      addOnCents: [100, 300, 500],
      extra: null,
      testMode: true,
    });
    expect(widget.featuredCauses.map((c) => c.id)).toEqual(["12-3456789", "98-7654321", FAKE_PORTFOLIO_ID]);
    expect(errors).toEqual([]);
  });

  it("the staff site has no widget and asks the service nothing", async () => {
    const before = sg.requests.length;
    const { layer } = sdk();
    expect((await layer.widget(context(cart({ site: "HPSF" }), "HPSF"))).show).toBe(false);
    expect(await layer.orderDonation(context(cart({ site: "HPSF" }), "HPSF"))).toBeNull();
    expect(sg.requests.length).toBe(before);
  });

  it("a failed cart donation reports 'Error calculating donation' and hides the widget", async () => {
    sg.answerWith("cartDonation", 500);
    const { layer, errors } = sdk();
    expect((await layer.widget(context())).show).toBe(false);
    expect(await layer.orderDonation(context())).toBeNull();
    expect(errors.map((e) => e.message)).toContain(DONATION_ERROR.calculate);
  });

  it("the first matching segment's donation is asked for (an autoship cart: $0.50 per unit)", async () => {
    const { layer } = sdk();
    const autoship = cart({ lines: [line({ sellingPlanId: "plan-4w", sellingPlanName: "Every 4 weeks" })] });
    const widget = await layer.widget(context(autoship));
    expect(widget.donationCents).toBe(100);
    const asked = sg.requestsTo("cartDonation").at(-1)!.body as { customerSegmentId: string | null };
    expect(asked.customerSegmentId).toBe("seg-subscribers");
  });
});

describe("currency conversion (catalogue spec section 9)", () => {
  afterEach(() => {
    sg.store.primaryCurrency = "USD";
  });

  it("a store in another currency gets prices at the rate and gives back converted, each to 2 decimals", async () => {
    sg.store.primaryCurrency = "CAD";
    const { layer, errors } = sdk({ currencyRate: 0.8 });
    const widget = await layer.widget(context());
    const asked = sg.requestsTo("cartDonation").at(-1)!.body as { cmsIds: { price: number }[] };
    // $25.00 is 31.25 CAD; 1% of 2 x 31.25 is 0.625, 0.63 CAD; at 0.8 that is $0.504, $0.50.
    expect(asked.cmsIds[0].price).toBe(31.25);
    expect(widget.donationCents).toBe(50);
    expect(errors).toEqual([]);
  });

  it("without a rate for the store's currency the cart gives nothing: 'Error calculating donation'", async () => {
    sg.store.primaryCurrency = "CAD";
    const { layer, errors } = sdk();
    expect((await layer.widget(context())).show).toBe(false);
    expect(errors.map((e) => e.message)).toEqual([DONATION_ERROR.calculate]);
  });
});

describe("tracking, cause and extra", () => {
  it("starts one tracking record per cart and keeps its id on the cart", async () => {
    const { layer, written } = sdk();
    const ctx = context();
    const id = await layer.ensureTracking(ctx);
    expect(id).toBeTruthy();
    expect(await layer.ensureTracking(ctx)).toBe(id);
    expect(written.get(ctx.cart.id)).toEqual([{ key: DONATION_TRACKING_ATTRIBUTE, value: id }]);
    expect(sg.trackings.get(id!)).toMatchObject({ isTestMode: true, isForceTestMode: false });
  });

  it("choosing a featured cause updates the tracking record (set-cause) and the widget recalculates", async () => {
    const { layer, events } = sdk();
    const ctx = context();
    const chosen = await layer.chooseCause(ctx, FAKE_PORTFOLIO_ID);
    expect(chosen.id).toBe(FAKE_PORTFOLIO_ID);
    const trackingId = ctx.cart.attributes.find((a) => a.key === DONATION_TRACKING_ATTRIBUTE)!.value;
    expect(sg.trackings.get(trackingId)).toMatchObject({ causeId: FAKE_PORTFOLIO_ID, causeName: chosen.name });
    const widget = await layer.widget(ctx);
    // The portfolio's multiplier is 2: 2% of $50.00.
    expect(widget).toMatchObject({ cause: { id: FAKE_PORTFOLIO_ID }, donationCents: 100 });
    expect(events).toContainEqual(expect.objectContaining({ event: "cause_selected", trackingId }));
  });

  it("an unknown cause is refused with a message; a failed set-cause is 'unavailable' (503) and reported", async () => {
    const { layer, errors } = sdk();
    await expect(layer.chooseCause(context(), "00-0000000")).rejects.toMatchObject({
      code: "CAUSE_UNKNOWN",
      status: 422,
    });
    sg.answerWith("setCause", 500);
    const failed = layer.chooseCause(context(), "98-7654321");
    await expect(failed).rejects.toBeInstanceOf(DonationChoiceError);
    await expect(failed).rejects.toMatchObject({ status: 503 });
    expect(errors.map((e) => e.message)).toContain(DONATION_ERROR.updateTracking);
  });

  it("a failed start of tracking reports 'Error starting tracking'", async () => {
    sg.answerWith("startTracking", 500, undefined, { times: 1 });
    const { layer, errors } = sdk();
    expect(await layer.ensureTracking(context())).toBeNull();
    expect(errors.map((e) => e.message)).toEqual([DONATION_ERROR.startTracking]);
  });

  it("keeps the round-up or an offered add-on on the cart, refuses another amount, and the order carries it", async () => {
    const { layer, written } = sdk();
    const ctx = context();
    await layer.setExtra(ctx, { kind: "round-up" });
    await expect(layer.setExtra(ctx, { kind: "add-on", cents: 200 })).rejects.toMatchObject({
      code: "EXTRA_NOT_OFFERED",
    });
    expect(written.get(ctx.cart.id)).toEqual([{ key: DONATION_EXTRA_ATTRIBUTE, value: "round-up" }]);
    ctx.cart.attributes = [{ key: DONATION_EXTRA_ATTRIBUTE, value: "add-on:300" }];
    expect(await layer.orderDonation(ctx)).toMatchObject({
      causeId: "12-3456789",
      causeName: "Paws Rescue League",
      donationCents: 50,
      extra: { kind: "add-on", cents: 300 },
    });
  });
});

describe("the charity search (catalogue spec section 5)", () => {
  it("sends the term, the zip or the city, the state, category 3, 25 from 0", async () => {
    const { layer } = sdk();
    await layer.searchCharities("DTC", { term: "shelter", location: "80202", state: "co" });
    expect(sg.requestsTo("searchCharities").at(-1)!.query).toEqual({
      q: "shelter",
      skip: "0",
      take: "25",
      zip: "80202",
      state: "CO",
      categoryId: "3",
    });
    const found = await layer.searchCharities("DTC", { term: "shelter", location: "Denver", state: "CO" });
    expect(sg.requestsTo("searchCharities").at(-1)!.query).toMatchObject({ city: "Denver" });
    expect(found.map((c) => c.name)).toEqual(["Shelter Friends of Denver"]);
  });

  it("a failed search reports 'Error searching charities' and finds nothing", async () => {
    sg.answerWith("searchCharities", 500, undefined, { times: 1 });
    const { layer, errors } = sdk();
    expect(await layer.searchCharities("DTC", { term: "paws" })).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([DONATION_ERROR.searchCharities]);
  });
});

describe("the order's confirmation (the outbox handler)", () => {
  it("sends add-integration-info, then set-confirmation-data; a failure throws so the outbox retries", async () => {
    const { layer } = sdk();
    const trackingId = (await layer.ensureTracking(context()))!;
    const payload = {
      trackingId,
      orderId: "order-1",
      orderNumber: 100001,
      totalDonationAmount: 1.1,
      causes: [{ causeId: "12-3456789", causeName: "Paws Rescue League", amount: 1.1 }],
    };
    sg.answerWith("setConfirmationData", 503, undefined, { times: 1 });
    await expect(layer.confirmationDelivery({ payload })).rejects.toBeInstanceOf(ShoppingGivesApiError);
    await layer.confirmationDelivery({ payload });
    expect(sg.trackings.get(trackingId)!.confirmationData).toEqual({
      totalDonationAmount: 1.1,
      causes: payload.causes,
    });
  });
});

describe("an excluded segment gives nothing, whatever the service returns (docs/rules.md 'Donations')", () => {
  const CAUSE = "12-3456789";
  /** A provider stub: an active store giving on purchase, guests (not signed in) excluded, and a cart donation of $5.00 for anyone. */
  function stubbed() {
    const asked: (string | null | undefined)[] = [];
    const charity = {
      id: CAUSE,
      ein: CAUSE,
      name: "Paws Rescue",
      website: null,
      logoUrl: "/donation-logos/category-3.svg",
      address: null,
      description: "",
      categoryId: 3,
      categoryName: "Animal-Related",
      multiplier: 1,
      portfolioCharities: [],
    };
    const refuse = () => Promise.reject(new Error("not used here"));
    const provider: DonationProvider = {
      getStore: async () => ({
        id: sg.storeId,
        name: "Stub store",
        activeCampaigns: [CAMPAIGN.onlinePurchase, CAMPAIGN.roundUp],
        causeMultipliers: {},
        defaultCauseId: CAUSE,
        defaultCauseIds: [CAUSE],
        featuredCauseIds: [CAUSE],
        defaultDonation: 1,
        defaultDonationType: DONATION_TYPE.percentage,
        letShoppersChoose: false,
        searchEnabled: false,
        isActive: true,
        customCSS: "",
        targetCssSelector: "",
        isEmbeddedConfirmation: false,
        primaryCurrency: "USD",
        customerSegments: [
          {
            id: "guests",
            isActive: true,
            name: "Guests",
            excludeSegment: true,
            frontEndPropertyName: "signedIn",
            frontEndSource: "customer",
            priorityIndex: 0,
            valueCategory: "none",
            specifiedValues: [],
            donationAction: null,
          },
        ],
      }),
      // The service answers a donation whatever the segment it is told.
      getCartDonation: async (input) => {
        asked.push(input.customerSegmentId);
        return { donationRecipients: [], lineItems: [], totalDonationAmount: 5, cartDonation: 5, showWidget: true };
      },
      charitiesByEins: async () => [charity],
      portfolio: async () => null,
      getProductDonation: refuse,
      searchCharities: refuse,
      startTracking: refuse,
      setCause: refuse,
      getCause: async () => null,
      addIntegrationInfo: refuse,
      setConfirmationData: refuse,
      sendEvent: refuse,
    };
    const layer = createDonations({
      provider,
      storeId: sg.storeId,
      testMode: true,
      setCartAttributes: async () => undefined,
      queueEvent: async () => undefined,
    });
    layer.on(() => undefined);
    return { layer, asked };
  }

  it("gives no order donation and no extra to a guest in the excluded segment, though the service returned $5.00", async () => {
    const { layer, asked } = stubbed();
    const roundUp = cart({ attributes: [{ key: DONATION_EXTRA_ATTRIBUTE, value: "round-up" }] });
    expect(await layer.orderDonation({ site: "DTC", cart: roundUp, customer: null })).toBeNull();
    expect(asked).toEqual(["guests"]);
    expect((await layer.widget({ site: "DTC", cart: cart(), customer: null })).show).toBe(false);
    // A signed-in shopper is in no excluded segment: the same answer gives.
    expect(
      await layer.orderDonation({ site: "DTC", cart: roundUp, customer: { id: "c1", acceptsMarketing: false } }),
    ).toMatchObject({
      causeId: CAUSE,
      donationCents: 500,
      extra: { kind: "round-up" },
    });
  });
});
