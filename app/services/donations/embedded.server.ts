// The embedded donation provider (docs/rules.md "Donations"): the donation service's calls
// (catalogue spec section 7) answered from our own tables — DonationStore and its segments,
// Charity, DonationTracking, DonationEvent — with the maths of app/models/donations.ts.
// Every failure is a ShoppingGivesApiError with the call's message (catalogue spec section 8):
// 404 for a store, cause or tracking record it does not know, 400 for malformed input, and
// no status (null) when the database failed.
import { z } from "zod";
import { containsIgnoringCase } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import {
  CAMPAIGN_IDS,
  canonicalEin,
  cartDonationCents,
  categoryLogoUrl,
  causeMultiplier,
  centsToDollars,
  charityAddress,
  charityCategoryName,
  DONATION_ERROR,
  DONATION_TYPE,
  donationRule,
  dollarsToCents,
  givesOnPurchase,
  isPortfolioId,
  isStoreId,
  productDonationCents,
  ShoppingGivesApiError,
  showsDonationWidget,
  type CampaignId,
  type Charity,
  type CustomerSegment,
  type DonationErrorMessage,
  type DonationLine,
  type DonationResult,
  type DonationStore,
  type TrackingRecord,
} from "~/models/donations";
import type { CartDonationItem, DonationProvider } from "./types";

/** At most this many charities per search page, whatever `take` asks. */
const MAX_TAKE = 100;
/** At most this many EINs per search-by-eins call. */
const MAX_EINS = 100;

const CampaignsSchema = z
  .array(z.number().int())
  .transform((ids) => ids.filter((id): id is CampaignId => (CAMPAIGN_IDS as readonly number[]).includes(id)));
const MultipliersSchema = z.record(z.number());
const IdsSchema = z.array(z.string());
const DonationActionSchema = z
  .object({
    type: z.union([z.literal(DONATION_TYPE.percentage), z.literal(DONATION_TYPE.flat)]),
    amount: z.number().nonnegative(),
  })
  .nullable();

function parseJson<T>(text: string | null, schema: z.ZodType<T, z.ZodTypeDef, unknown>, column: string): T {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    throw new Error(`Donation store column ${column} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Donation store column ${column} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

type StoreRow = Prisma.DonationStoreGetPayload<{ include: { segments: true } }>;
type CharityRow = Prisma.CharityGetPayload<object>;

function toStore(row: StoreRow): DonationStore {
  return {
    id: row.id,
    name: row.name,
    activeCampaigns: parseJson(row.activeCampaigns, CampaignsSchema, "activeCampaigns"),
    causeMultipliers: parseJson(row.causeMultipliers, MultipliersSchema, "causeMultipliers"),
    defaultCauseId: row.defaultCauseId,
    defaultCauseIds: parseJson(row.defaultCauseIds, IdsSchema, "defaultCauseIds"),
    featuredCauseIds: parseJson(row.featuredCauseIds, IdsSchema, "featuredCauseIds"),
    defaultDonation: row.defaultDonation,
    defaultDonationType: row.defaultDonationType === DONATION_TYPE.flat ? DONATION_TYPE.flat : DONATION_TYPE.percentage,
    letShoppersChoose: row.letShoppersChoose,
    searchEnabled: row.searchEnabled,
    isActive: row.isActive,
    customCSS: row.customCSS,
    targetCssSelector: row.targetCssSelector,
    isEmbeddedConfirmation: row.isEmbeddedConfirmation,
    primaryCurrency: row.primaryCurrency,
    customerSegments: row.segments.map((segment): CustomerSegment => ({
      id: segment.id,
      isActive: segment.isActive,
      name: segment.name,
      excludeSegment: segment.excludeSegment,
      frontEndPropertyName: segment.frontEndPropertyName,
      frontEndSource: segment.frontEndSource,
      priorityIndex: segment.priorityIndex,
      valueCategory: segment.valueCategory,
      specifiedValues: parseJson(segment.specifiedValues, IdsSchema, "specifiedValues"),
      donationAction: parseJson(segment.donationAction, DonationActionSchema, "donationAction"),
    })),
  };
}

function toCharity(row: CharityRow, store: DonationStore, members: Charity[] = []): Charity {
  return {
    id: row.id,
    ein: row.ein,
    name: row.name,
    website: row.website,
    logoUrl: row.logoUrl ?? categoryLogoUrl(row.categoryId),
    address: charityAddress(row),
    description: row.description,
    categoryId: row.categoryId,
    categoryName: charityCategoryName(row.categoryId),
    multiplier: causeMultiplier(store, row.id),
    portfolioCharities: members,
  };
}

/** Runs one call: our own ShoppingGivesApiErrors pass, anything else (the database) becomes one with no status. */
async function call<T>(message: DonationErrorMessage, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShoppingGivesApiError) throw error;
    throw new ShoppingGivesApiError(message, null, { cause: error });
  }
}

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

/** The embedded donation provider of the store `storeId`. */
export function createEmbeddedDonations(db: PrismaClient, givenStoreId: string): DonationProvider {
  // Stored in lower case (the seed's and the service's form); matched whatever case is given.
  const storeId = givenStoreId.toLowerCase();
  async function loadStore(message: DonationErrorMessage): Promise<DonationStore> {
    const row = isStoreId(storeId)
      ? await db.donationStore.findUnique({
          where: { id: storeId },
          include: { segments: { orderBy: [{ priorityIndex: "asc" }, { id: "asc" }] } },
        })
      : null;
    if (!row) throw new ShoppingGivesApiError(message, 404);
    return toStore(row);
  }

  /** The cause a donation goes to: the one asked for, else the store's default; null when there is none. */
  async function causeOf(
    store: DonationStore,
    providedCauseId: string | null | undefined,
    message: DonationErrorMessage,
  ): Promise<{ id: string; name: string } | null> {
    const id = providedCauseId || store.defaultCauseId;
    if (!id) return null;
    const cause = await db.charity.findUnique({ where: { id }, select: { id: true, name: true } });
    // A cause the service does not know cannot be given to (the SDK layer checks choices first).
    if (!cause) throw new ShoppingGivesApiError(message, 404);
    return cause;
  }

  /** What a cart or a product gives, as the service answers it. */
  async function donation(
    message: DonationErrorMessage,
    input: {
      lines: DonationLine[];
      cartDiscountCents: number;
      providedCauseId?: string | null;
      customerSegmentId?: string | null;
      product: boolean;
    },
  ): Promise<DonationResult> {
    const store = await loadStore(message);
    const cause = await causeOf(store, input.providedCauseId, message);
    // A segment the store does not know (or has switched off) leaves the store's default.
    const segment = store.customerSegments.find((s) => s.id === input.customerSegmentId && s.isActive) ?? null;
    const gives = cause !== null && givesOnPurchase(store, segment);
    const rule = donationRule(store, segment);
    const multiplier = causeMultiplier(store, cause?.id ?? null);
    let result: { totalCents: number; lines: { id: string; cents: number }[] };
    if (!gives) {
      result = { totalCents: 0, lines: input.lines.map((line) => ({ id: line.id, cents: 0 })) };
    } else if (input.product) {
      const [line] = input.lines;
      const cents = productDonationCents(line.priceCents, rule, multiplier);
      result = { totalCents: cents, lines: [{ id: line.id, cents }] };
    } else {
      result = cartDonationCents({ lines: input.lines, rule, multiplier, cartDiscountCents: input.cartDiscountCents });
    }
    const total = centsToDollars(result.totalCents);
    return {
      donationRecipients:
        cause && result.totalCents > 0 ? [{ causeId: cause.id, causeName: cause.name, amount: total }] : [],
      lineItems: result.lines.map((line) => ({ cmsId: line.id, donationAmount: centsToDollars(line.cents) })),
      totalDonationAmount: total,
      cartDonation: total,
      showWidget: showsDonationWidget({
        excluded: !store.isActive || (segment?.excludeSegment ?? false),
        activeCampaigns: store.activeCampaigns,
        totalDonationCents: result.totalCents,
      }),
    };
  }

  function cartLines(items: CartDonationItem[]): DonationLine[] {
    return items.map((item) => {
      if (
        typeof item.id !== "string" ||
        !isAmount(item.price) ||
        !isAmount(item.discount) ||
        !Number.isInteger(item.quantity) ||
        item.quantity < 0
      ) {
        throw new ShoppingGivesApiError(DONATION_ERROR.cartDonation, 400);
      }
      return {
        id: item.id,
        priceCents: dollarsToCents(item.price),
        quantity: item.quantity,
        discountCents: dollarsToCents(item.discount),
      };
    });
  }

  /** Updates one tracking record; a record the service does not know is a 404. */
  async function updateTracking(trackingId: string, data: Prisma.DonationTrackingUpdateManyMutationInput) {
    const { count } = await db.donationTracking.updateMany({ where: { id: trackingId, storeId }, data });
    if (count === 0) throw new ShoppingGivesApiError(DONATION_ERROR.updateTracking, 404);
  }

  function trackingRecord(row: { id: string; causeId: string | null; causeName: string | null }): TrackingRecord {
    return { trackingId: row.id, causeId: row.causeId, causeName: row.causeName };
  }

  return {
    getStore() {
      return call(DONATION_ERROR.retrieveStore, () => loadStore(DONATION_ERROR.retrieveStore));
    },

    getProductDonation(input) {
      return call(DONATION_ERROR.productDonation, async () => {
        if (!isAmount(input.realPrice)) throw new ShoppingGivesApiError(DONATION_ERROR.productDonation, 400);
        return donation(DONATION_ERROR.productDonation, {
          lines: [{ id: input.cmsId, priceCents: dollarsToCents(input.realPrice), quantity: 1, discountCents: 0 }],
          cartDiscountCents: 0,
          providedCauseId: input.providedCauseId,
          customerSegmentId: input.customerSegmentId,
          product: true,
        });
      });
    },

    getCartDonation(input) {
      return call(DONATION_ERROR.cartDonation, async () => {
        if (!isAmount(input.cartDiscount)) throw new ShoppingGivesApiError(DONATION_ERROR.cartDonation, 400);
        return donation(DONATION_ERROR.cartDonation, {
          lines: cartLines(input.cmsIds),
          cartDiscountCents: dollarsToCents(input.cartDiscount),
          providedCauseId: input.providedCauseId,
          customerSegmentId: input.customerSegmentId,
          product: false,
        });
      });
    },

    searchCharities(query) {
      return call(DONATION_ERROR.searchCharities, async () => {
        const store = await loadStore(DONATION_ERROR.searchCharities);
        const skip = Number.isInteger(query.skip) && query.skip > 0 ? query.skip : 0;
        const take = Number.isInteger(query.take) && query.take > 0 ? Math.min(query.take, MAX_TAKE) : MAX_TAKE;
        const q = query.q.trim();
        const zip = query.zip?.trim();
        const city = query.city?.trim();
        const state = query.state?.trim().toUpperCase();
        const rows = await db.charity.findMany({
          where: {
            // Charities only: a portfolio has no EIN.
            ein: { not: null },
            categoryId: query.categoryId,
            ...(q ? { name: containsIgnoringCase(q) } : {}),
            // A zip is matched from its start, so "972" finds every 972xx zip.
            ...(zip ? { zip: { startsWith: zip } } : city ? { city: containsIgnoringCase(city) } : {}),
            ...(state ? { state } : {}),
          },
          orderBy: [{ name: "asc" }, { id: "asc" }],
          skip,
          take,
        });
        return rows.map((row) => toCharity(row, store));
      });
    },

    charitiesByEins(eins) {
      return call(DONATION_ERROR.charitiesByEin, async () => {
        const wanted = [...new Set(eins.map(canonicalEin).filter((ein): ein is string => ein !== null))];
        if (wanted.length > MAX_EINS) throw new ShoppingGivesApiError(DONATION_ERROR.charitiesByEin, 400);
        const store = await loadStore(DONATION_ERROR.charitiesByEin);
        if (wanted.length === 0) return [];
        const rows = await db.charity.findMany({ where: { ein: { in: wanted } } });
        // In the order asked for.
        const byEin = new Map(rows.map((row) => [row.ein, row]));
        return wanted.flatMap((ein) => {
          const row = byEin.get(ein);
          return row ? [toCharity(row, store)] : [];
        });
      });
    },

    portfolio(id) {
      return call(DONATION_ERROR.portfolios, async () => {
        const store = await loadStore(DONATION_ERROR.portfolios);
        if (!isPortfolioId(id)) return null;
        const row = await db.charity.findUnique({ where: { id: id.toLowerCase() } });
        if (!row || row.ein !== null) return null;
        const memberIds = parseJson(row.portfolioCharityIds, IdsSchema, "portfolioCharityIds");
        const members = memberIds.length ? await db.charity.findMany({ where: { id: { in: memberIds } } }) : [];
        const byId = new Map(members.map((member) => [member.id, member]));
        return toCharity(
          row,
          store,
          memberIds.flatMap((memberId) => {
            const member = byId.get(memberId);
            return member ? [toCharity(member, store)] : [];
          }),
        );
      });
    },

    startTracking(input) {
      return call(DONATION_ERROR.startTracking, async () => {
        if (!isStoreId(input.storeId) || input.storeId.toLowerCase() !== storeId) {
          throw new ShoppingGivesApiError(DONATION_ERROR.startTracking, 400);
        }
        const store = await db.donationStore.findUnique({ where: { id: storeId }, select: { id: true } });
        if (!store) throw new ShoppingGivesApiError(DONATION_ERROR.startTracking, 404);
        const row = await db.donationTracking.create({
          data: { storeId, isTestMode: input.isTestMode || input.isForceTestMode },
        });
        return trackingRecord(row);
      });
    },

    setCause(trackingId, cause) {
      return call(DONATION_ERROR.updateTracking, async () => {
        await updateTracking(trackingId, { causeId: cause.causeId, causeName: cause.causeName });
        return { trackingId, causeId: cause.causeId, causeName: cause.causeName };
      });
    },

    getCause(trackingId) {
      return call(DONATION_ERROR.updateTracking, async () => {
        const row = await db.donationTracking.findFirst({ where: { id: trackingId, storeId } });
        return row ? trackingRecord(row) : null;
      });
    },

    addIntegrationInfo(trackingId, input) {
      return call(DONATION_ERROR.updateTracking, () =>
        updateTracking(trackingId, { integrationInfo: JSON.stringify(input) }),
      );
    },

    setConfirmationData(trackingId, confirmationData) {
      return call(DONATION_ERROR.updateTracking, async () => {
        const data = JSON.stringify(confirmationData);
        // Idempotent (the outbox may deliver twice): the first delivery's time is kept.
        const { count } = await db.donationTracking.updateMany({
          where: { id: trackingId, storeId, confirmedAt: null },
          data: { confirmationData: data, confirmedAt: new Date() },
        });
        if (count === 0) await updateTracking(trackingId, { confirmationData: data });
      });
    },

    sendEvent(input) {
      return call(DONATION_ERROR.updateTracking, async () => {
        await db.donationEvent.create({
          data: {
            storeId: input.storeId,
            trackingId: input.trackingId,
            event: input.event,
            properties: JSON.stringify(input.properties ?? {}),
          },
        });
      });
    },
  };
}
