// The remote donation provider: the ShoppingGives HTTP API, exactly the calls of catalogue
// spec section 7 (docs/api.md "Donation service (remote adapter)"). Every call carries the
// `x-store-id` header, is bounded in time and never follows a redirect; any failure (network,
// time-out, a non-2xx answer, a body that is not JSON or not the shape of app/models/donations.ts)
// raises `ShoppingGivesApiError` with that call's message of catalogue spec section 8
// (docs/rules.md "Donations"). Reporting it to listeners is the SDK layer's job.
import { z } from "zod";
import {
  CAMPAIGN_IDS,
  DONATION_ERROR,
  ShoppingGivesApiError,
  categoryLogoUrl,
  charityCategoryName,
  type CampaignId,
  type Charity,
  type DonationErrorMessage,
  type DonationResult,
  type DonationStore,
  type TrackingRecord,
} from "~/models/donations";
import type { DonationProvider } from "./types";

/** How long one call may take, answer body included, before it fails (docs/decisions.md "Donations (remote adapter)"). */
export const DONATION_CALL_TIMEOUT_MS = 5_000;

export interface RemoteDonationsOptions {
  /** Sent as `x-store-id` on every call (the SDK layer checks it is 32 hex characters). */
  storeId: string;
  /** The API's base URL (`donationApiBaseUrl`); it may carry a path prefix, calls are relative to it. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// ---------------------------------------------------------------------------
// Answers (app/models/donations.ts shapes). Lenient: unknown fields are dropped, missing
// optional ones take their default; a missing or mistyped required one fails the call.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
const nullableText = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null));
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);
const ids = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);
const dollars = z.number().finite();
const donationType = z.union([z.literal(0), z.literal(1)]);

const isCampaignId = (id: number): id is CampaignId => (CAMPAIGN_IDS as readonly number[]).includes(id);

const SegmentAnswer = z.object({
  id: z.string().min(1),
  isActive: z.boolean(),
  name: text,
  excludeSegment: flag(false),
  frontEndPropertyName: z.string(),
  frontEndSource: z.string(),
  priorityIndex: z
    .number()
    .finite()
    .nullish()
    .transform((v) => v ?? 0),
  valueCategory: z.string(),
  specifiedValues: ids,
  donationAction: z
    .object({ type: donationType, amount: z.number().finite().nonnegative() })
    .nullish()
    .transform((v) => (v ? { type: v.type, amount: v.amount } : null)),
});

const StoreAnswer: z.ZodType<DonationStore, z.ZodTypeDef, unknown> = z.object({
  id: z.string().min(1),
  name: z.string(),
  // A campaign this code does not know (spec section 3 lists 1 to 7) is ignored.
  activeCampaigns: z.array(z.number().int()).transform((list) => list.filter(isCampaignId)),
  causeMultipliers: z
    .record(z.number().finite())
    .nullish()
    .transform((v) => v ?? {}),
  defaultCauseId: nullableText,
  defaultCauseIds: ids,
  featuredCauseIds: ids,
  defaultDonation: z.number().finite().nonnegative(),
  defaultDonationType: donationType,
  letShoppersChoose: flag(false),
  searchEnabled: flag(false),
  isActive: z.boolean(),
  customCSS: text,
  targetCssSelector: text,
  isEmbeddedConfirmation: flag(false),
  primaryCurrency: z
    .string()
    .nullish()
    .transform((v) => v || "USD"),
  customerSegments: z
    .array(SegmentAnswer)
    .nullish()
    .transform((v) => v ?? []),
});

/** A charity or a portfolio; identified by `id`, or by `ein` alone (catalogue spec section 3 "ein or id"). */
const CharityAnswer: z.ZodType<Charity, z.ZodTypeDef, unknown> = z.lazy(() =>
  z
    .object({
      id: nullableText,
      ein: nullableText,
      name: z.string(),
      website: nullableText,
      logoUrl: nullableText,
      address: nullableText,
      description: text,
      categoryId: z.number().int().nullish(),
      categoryName: nullableText,
      multiplier: z.number().finite().positive().nullish(),
      portfolioCharities: z
        .array(CharityAnswer)
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((answer, ctx): Charity => {
      const id = answer.id ?? answer.ein;
      if (!id) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "A charity has an id or an EIN." });
        return z.NEVER;
      }
      // No category is "Unknown" (25); a missing logo is the category's default (spec section 9).
      const categoryId = answer.categoryId ?? 25;
      return {
        id,
        ein: answer.ein,
        name: answer.name,
        website: answer.website,
        logoUrl: answer.logoUrl ?? categoryLogoUrl(categoryId),
        address: answer.address,
        description: answer.description,
        categoryId,
        categoryName: answer.categoryName ?? charityCategoryName(categoryId),
        multiplier: answer.multiplier ?? 1,
        portfolioCharities: answer.portfolioCharities,
      };
    }),
);

const CharitiesAnswer = z.array(CharityAnswer);

const ResultAnswer: z.ZodType<DonationResult, z.ZodTypeDef, unknown> = z
  .object({
    donationRecipients: z
      .array(z.object({ causeId: z.string().min(1), causeName: text, amount: dollars }))
      .nullish()
      .transform((v) => v ?? []),
    lineItems: z
      .array(z.object({ cmsId: z.union([z.string(), z.number()]).transform(String), donationAmount: dollars }))
      .nullish()
      .transform((v) => v ?? []),
    totalDonationAmount: dollars,
    cartDonation: dollars.nullish(),
    showWidget: z.boolean(),
  })
  .transform((answer) => ({ ...answer, cartDonation: answer.cartDonation ?? answer.totalDonationAmount }));

const TrackingAnswer: z.ZodType<TrackingRecord, z.ZodTypeDef, unknown> = z.object({
  trackingId: z.string().min(1),
  causeId: nullableText,
  causeName: nullableText,
});

// ---------------------------------------------------------------------------

type Query = Record<string, string | number | boolean | null | undefined>;
type Answer<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

interface Call {
  message: DonationErrorMessage;
  method: "GET" | "POST" | "PUT";
  /** Relative to the base URL (no leading "/", so a base path prefix is kept). */
  path: string;
  /** Unset (undefined or null) parameters are left out. */
  query?: Query;
  body?: unknown;
}

/** A path segment: percent-encoded; "", "." and ".." are refused (a URL would resolve them away). */
function segment(value: string, message: DonationErrorMessage): string {
  if (value === "" || value === "." || value === "..") {
    throw new ShoppingGivesApiError(message, null, { cause: new Error(`Not a path segment: "${value}"`) });
  }
  return encodeURIComponent(value);
}

/** The ShoppingGives API as a `DonationProvider` (catalogue spec section 7). */
export function createRemoteDonations(options: RemoteDonationsOptions): DonationProvider {
  const base = new URL(options.baseUrl);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  base.search = "";
  base.hash = "";
  const timeoutMs = options.timeoutMs ?? DONATION_CALL_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;

  /** Makes the call and reads its whole body, both within the time limit; null for a 404 when `notFound` allows it. */
  async function exchange(
    spec: Call,
    notFound: "fails" | "is-null" = "fails",
  ): Promise<{ status: number; body: string; where: string } | null> {
    const url = new URL(spec.path, base);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: "application/json", "x-store-id": options.storeId };
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    const where = `${spec.method} ${url.pathname}`;

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (cause) {
      throw new ShoppingGivesApiError(spec.message, null, { cause });
    }
    let body: string;
    try {
      // Read whole (under the same signal), so the connection is reused or closed.
      body = await response.text();
    } catch (cause) {
      throw new ShoppingGivesApiError(spec.message, response.status, { cause });
    }
    if (notFound === "is-null" && response.status === 404) return null;
    if (!response.ok) {
      throw new ShoppingGivesApiError(spec.message, response.status, {
        cause: new Error(`The donation service answered ${response.status} to ${where}`),
      });
    }
    return { status: response.status, body, where };
  }

  function read<T>(spec: Call, answer: Answer<T>, got: { status: number; body: string; where: string }): T {
    let json: unknown;
    try {
      json = JSON.parse(got.body);
    } catch (cause) {
      throw new ShoppingGivesApiError(spec.message, got.status, { cause });
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) {
      throw new ShoppingGivesApiError(spec.message, got.status, {
        cause: new Error(`The donation service's answer to ${got.where} is not the expected shape`, {
          cause: parsed.error,
        }),
      });
    }
    return parsed.data;
  }

  /** A call whose answer is read. */
  const call = async <T>(spec: Call, answer: Answer<T>): Promise<T> => read(spec, answer, (await exchange(spec))!);
  /** A call whose 404 means "no such record". */
  const callOrNull = async <T>(spec: Call, answer: Answer<T>): Promise<T | null> => {
    const got = await exchange(spec, "is-null");
    return got ? read(spec, answer, got) : null;
  };
  /** A call whose answer body is not read (any 2xx will do). */
  const send = async (spec: Call): Promise<void> => {
    await exchange(spec);
  };

  const tracking = (trackingId: string, action: string) =>
    `tracking/${segment(trackingId, DONATION_ERROR.updateTracking)}/${action}`;

  return {
    getStore: () =>
      call({ message: DONATION_ERROR.retrieveStore, method: "GET", path: "stores/cc-small/none" }, StoreAnswer),

    getProductDonation: (input) =>
      call(
        {
          message: DONATION_ERROR.productDonation,
          method: "GET",
          path: "products/donation-by-cms-id",
          query: {
            cmsId: input.cmsId,
            realPrice: input.realPrice,
            providedCauseId: input.providedCauseId,
            customerSegmentId: input.customerSegmentId,
          },
        },
        ResultAnswer,
      ),

    getCartDonation: (input) =>
      call(
        {
          message: DONATION_ERROR.cartDonation,
          method: "POST",
          path: "products/get-multiple-donation",
          body: {
            cmsIds: input.cmsIds.map(({ id, price, quantity, discount }) => ({ id, price, quantity, discount })),
            cartDiscount: input.cartDiscount,
            ignoreDirectDonations: input.ignoreDirectDonations,
            providedCauseId: input.providedCauseId ?? null,
            customerSegmentId: input.customerSegmentId ?? null,
          },
        },
        ResultAnswer,
      ),

    searchCharities: (query) =>
      call(
        {
          message: DONATION_ERROR.searchCharities,
          method: "GET",
          path: "charities/search",
          query: {
            q: query.q,
            skip: query.skip,
            take: query.take,
            zip: query.zip,
            city: query.city,
            state: query.state,
            categoryId: query.categoryId,
          },
        },
        CharitiesAnswer,
      ),

    // One `eins` parameter, comma-joined (docs/decisions.md "Donations (remote adapter)"); no EIN, no call.
    charitiesByEins: async (eins) => {
      const wanted = eins.map((ein) => ein.trim()).filter(Boolean);
      if (wanted.length === 0) return [];
      return call(
        {
          message: DONATION_ERROR.charitiesByEin,
          method: "GET",
          path: "charities/search-by-eins",
          query: { eins: wanted.join(",") },
        },
        CharitiesAnswer,
      );
    },

    portfolio: (id) =>
      callOrNull(
        {
          message: DONATION_ERROR.portfolios,
          method: "GET",
          path: "portfolios/cc-query-with-charities",
          query: { id },
        },
        CharityAnswer,
      ),

    startTracking: (input) =>
      call(
        {
          message: DONATION_ERROR.startTracking,
          method: "POST",
          path: "tracking",
          body: { storeId: input.storeId, isTestMode: input.isTestMode, isForceTestMode: input.isForceTestMode },
        },
        TrackingAnswer,
      ),

    setCause: async (trackingId, cause) =>
      call(
        {
          message: DONATION_ERROR.updateTracking,
          method: "PUT",
          path: tracking(trackingId, "set-cause"),
          body: { causeId: cause.causeId, causeName: cause.causeName },
        },
        TrackingAnswer,
      ),

    getCause: async (trackingId) =>
      callOrNull(
        { message: DONATION_ERROR.updateTracking, method: "GET", path: tracking(trackingId, "cause") },
        TrackingAnswer,
      ),

    addIntegrationInfo: async (trackingId, input) =>
      send({
        message: DONATION_ERROR.updateTracking,
        method: "PUT",
        path: tracking(trackingId, "add-integration-info"),
        body: { integrationType: input.integrationType, info: input.info },
      }),

    setConfirmationData: async (trackingId, confirmationData) =>
      send({
        message: DONATION_ERROR.updateTracking,
        method: "PUT",
        path: tracking(trackingId, "set-confirmation-data"),
        body: {
          confirmationData: {
            totalDonationAmount: confirmationData.totalDonationAmount,
            causes: confirmationData.causes.map(({ causeId, causeName, amount }) => ({ causeId, causeName, amount })),
          },
        },
      }),

    sendEvent: (input) =>
      send({
        message: DONATION_ERROR.updateTracking,
        method: "POST",
        path: "clickstream/events",
        body: {
          event: input.event,
          properties: input.properties,
          storeId: input.storeId,
          trackingId: input.trackingId,
        },
      }),
  };
}
