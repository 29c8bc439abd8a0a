// Donations (docs/rules.md "Donations"; catalogue spec sections 3, 4, 5, 8 and 9): the
// shapes the donation service answers with, its error catalogue, and every piece of
// donation maths. No I/O: the embedded provider computes with these functions, the
// SDK layer (app/services/donations) decides the widget with them, and pricing adds
// the shopper's round-up or add-on with them.

// ---------------------------------------------------------------------------
// Shapes (catalogue spec section 3)

/** Campaign ids (catalogue spec section 3). */
export const CAMPAIGN = {
  onlinePurchase: 1,
  redemption: 2,
  roundUp: 3,
  addOn: 4,
  pointOfSale: 5,
  postPurchase: 6,
  roundUpPos: 7,
} as const;
export type CampaignId = (typeof CAMPAIGN)[keyof typeof CAMPAIGN];
export const CAMPAIGN_IDS: readonly CampaignId[] = Object.values(CAMPAIGN);

/** Default donation types: 0 a percentage of the price, 1 a flat amount in dollars per unit. */
export const DONATION_TYPE = { percentage: 0, flat: 1 } as const;
export type DonationType = (typeof DONATION_TYPE)[keyof typeof DONATION_TYPE];

/** The donation SDK's environments (catalogue spec section 3). */
export const DONATION_SDK_ENVIRONMENTS = ["dev", "qa", "staging1", "prod"] as const;
export type DonationSdkEnvironment = (typeof DONATION_SDK_ENVIRONMENTS)[number];

/**
 * The donation API of each SDK environment (docs/decisions.md "Donations (remote adapter)":
 * the real addresses are not published to us; DONATIONS_API_URL overrides them).
 */
const DONATION_API_BASE_URLS: Record<DonationSdkEnvironment, string> = {
  dev: "https://dev-api.shoppinggives.com/",
  qa: "https://qa-api.shoppinggives.com/",
  staging1: "https://staging1-api.shoppinggives.com/",
  prod: "https://api.shoppinggives.com/",
};

/**
 * The base URL the remote adapter's calls are relative to: the override (DONATIONS_API_URL)
 * when given, else the environment's; always ending in "/", so a path prefix is kept
 * ("https://gw.example/sg/v1" + "tracking" → "https://gw.example/sg/v1/tracking").
 * The query and fragment of an override are dropped.
 */
export function donationApiBaseUrl(env: DonationSdkEnvironment, override?: string | null): string {
  const url = new URL(override?.trim() || DONATION_API_BASE_URLS[env]);
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.toString();
}

/** The embedded provider's store (the seed creates it; DONATIONS_STORE_ID defaults to it). */
export const EMBEDDED_DONATION_STORE_ID = "5d0c3a1e9b7f4c2a8e6d4b2f0a9c7e51";

/** A customer segment of the store (catalogue spec section 3). */
export interface CustomerSegment {
  id: string;
  isActive: boolean;
  name: string;
  /** Shoppers in this segment see no widget and give nothing. */
  excludeSegment: boolean;
  /** The property read from `frontEndSource`, e.g. "orderType" of the cart. */
  frontEndPropertyName: string;
  /** Where the property is read: "cart" or "customer" (see `SegmentProperties`). */
  frontEndSource: string;
  /** Lower first. */
  priorityIndex: number;
  /** "any": the property has a value; "specified": its value is one of `specifiedValues`; "none": it has none. */
  valueCategory: string;
  specifiedValues: string[];
  /** What the segment gives instead of the store's default, or null for the default. */
  donationAction: { type: DonationType; amount: number } | null;
}

/** The donation store (catalogue spec section 3). */
export interface DonationStore {
  /** 32 hexadecimal characters (`isStoreId`). */
  id: string;
  name: string;
  activeCampaigns: CampaignId[];
  /** Cause id → multiplier (a cause missing here counts once). */
  causeMultipliers: Record<string, number>;
  defaultCauseId: string | null;
  defaultCauseIds: string[];
  featuredCauseIds: string[];
  /** A percentage (type 0, e.g. 1 for 1%) or dollars per unit (type 1). */
  defaultDonation: number;
  defaultDonationType: DonationType;
  letShoppersChoose: boolean;
  searchEnabled: boolean;
  isActive: boolean;
  customCSS: string;
  targetCssSelector: string;
  isEmbeddedConfirmation: boolean;
  primaryCurrency: string;
  customerSegments: CustomerSegment[];
}

/** A charity, or a portfolio of charities (catalogue spec section 3). */
export interface Charity {
  /** The EIN of a charity, or the 32-hex id of a portfolio. */
  id: string;
  ein: string | null;
  name: string;
  website: string | null;
  /** The charity's logo, or its category's default logo. */
  logoUrl: string;
  address: string | null;
  description: string;
  categoryId: number;
  categoryName: string;
  multiplier: number;
  /** The members of a portfolio; empty for a single charity. */
  portfolioCharities: Charity[];
}

/** One recipient of a donation result. */
export interface DonationRecipient {
  causeId: string;
  causeName: string;
  /** Dollars, 2 decimals. */
  amount: number;
}

/** One product line of a donation result. */
export interface DonationLineItem {
  cmsId: string;
  /** Dollars, 2 decimals. */
  donationAmount: number;
}

/** What a product or a cart gives (catalogue spec section 3). Amounts in dollars, 2 decimals. */
export interface DonationResult {
  donationRecipients: DonationRecipient[];
  lineItems: DonationLineItem[];
  totalDonationAmount: number;
  /** The cart-level part (the cart discount taken off), equal to the total for a cart. */
  cartDonation: number;
  showWidget: boolean;
}

/** A tracking record (catalogue spec section 3). */
export interface TrackingRecord {
  trackingId: string;
  causeId: string | null;
  causeName: string | null;
}

// ---------------------------------------------------------------------------
// Charity categories (catalogue spec section 9: 26 categories, ids 0 to 25)

/** The 26 charity categories (the NTEE major groups A to Z), by id. */
export const CHARITY_CATEGORIES: readonly string[] = [
  "Arts, Culture & Humanities",
  "Education",
  "Environment",
  "Animal-Related",
  "Health Care",
  "Mental Health & Crisis Intervention",
  "Diseases, Disorders & Medical Disciplines",
  "Medical Research",
  "Crime & Legal-Related",
  "Employment",
  "Food, Agriculture & Nutrition",
  "Housing & Shelter",
  "Public Safety, Disaster Preparedness & Relief",
  "Recreation & Sports",
  "Youth Development",
  "Human Services",
  "International, Foreign Affairs & National Security",
  "Civil Rights, Social Action & Advocacy",
  "Community Improvement & Capacity Building",
  "Philanthropy, Voluntarism & Grantmaking Foundations",
  "Science & Technology",
  "Social Science",
  "Public & Societal Benefit",
  "Religion-Related",
  "Mutual & Membership Benefit",
  "Unknown",
];

/** The category a charity search is fixed to (catalogue spec section 5). */
export const CHARITY_SEARCH_CATEGORY_ID = 3;
/** Results a charity search takes, from offset 0 (catalogue spec sections 5 and 9). */
export const CHARITY_SEARCH_PAGE_SIZE = 25;

/** A category's name; an id outside 0 to 25 is "Unknown". */
export function charityCategoryName(categoryId: number): string {
  return CHARITY_CATEGORIES[categoryId] ?? CHARITY_CATEGORIES[25];
}

/** A category's default logo (served by the donation-logos route). */
export function categoryLogoUrl(categoryId: number): string {
  const id =
    Number.isInteger(categoryId) && categoryId >= 0 && categoryId < CHARITY_CATEGORIES.length ? categoryId : 25;
  return `/donation-logos/category-${id}.svg`;
}

/** A charity's address as the service shows it: "City, ST zip" (the parts it has), or null. */
export function charityAddress(place: {
  city: string | null;
  state: string | null;
  zip: string | null;
}): string | null {
  const city = place.city?.trim() ?? "";
  const region = [place.state?.trim(), place.zip?.trim()].filter(Boolean).join(" ");
  const address = [city, region].filter(Boolean).join(", ");
  return address || null;
}

// ---------------------------------------------------------------------------
// Validation (catalogue spec section 5)

/**
 * An EIN in its one stored form, "12-3456789" (docs/decisions.md "Donations"): nine digits,
 * with or without the hyphen after the second; anything else is null.
 */
export function canonicalEin(value: string): string | null {
  const digits = /^(\d{2})-?(\d{7})$/.exec(value.trim());
  return digits ? `${digits[1]}-${digits[2]}` : null;
}

const STORE_ID = /^[0-9a-f]{32}$/i;

/** A store id is 32 hexadecimal characters; anything else raises 'Invalid StoreId'. */
export function isStoreId(value: string): boolean {
  return STORE_ID.test(value);
}

/** Portfolios are identified by a 32-character hexadecimal id (catalogue spec section 3). */
export function isPortfolioId(value: string): boolean {
  return STORE_ID.test(value);
}

/** What a charity search sends (catalogue spec section 5). */
export interface CharitySearchQuery {
  q: string;
  skip: number;
  take: number;
  zip?: string;
  city?: string;
  state?: string;
  categoryId: number;
}

/**
 * The charity search's query: the term; the zip when the location starts with a digit,
 * otherwise the city; the state; category 3; 25 results from offset 0.
 */
export function charitySearchQuery(input: { term: string; location?: string; state?: string }): CharitySearchQuery {
  const location = (input.location ?? "").trim();
  const state = (input.state ?? "").trim().toUpperCase();
  return {
    q: input.term.trim(),
    skip: 0,
    take: CHARITY_SEARCH_PAGE_SIZE,
    ...(location ? (/^\d/.test(location) ? { zip: location } : { city: location }) : {}),
    ...(state ? { state } : {}),
    categoryId: CHARITY_SEARCH_CATEGORY_ID,
  };
}

// ---------------------------------------------------------------------------
// Errors (catalogue spec section 8)

/** The error catalogue's 13 messages, by where they are raised. */
export const DONATION_ERROR = {
  startTracking: "Error starting tracking",
  updateTracking: "Error updating tracking",
  retrieveStore: "Error retrieving store",
  productDonation: "Error retrieving product donation",
  cartDonation: "Error retrieving cart donation",
  searchCharities: "Error searching charities",
  charitiesByEin: "Error retrieving charities by EIN",
  portfolios: "Error retrieving portfolios",
  initialize: "Error initializing SDK",
  calculate: "Error calculating donation",
  updateWidget: "Error updating widget",
  getCharities: "Error getting charities",
  populateCauseIds: "Error populating cause IDs",
} as const;
export type DonationErrorMessage = (typeof DONATION_ERROR)[keyof typeof DONATION_ERROR];

/** The message for a malformed store id (catalogue spec sections 5 and 8). */
export const INVALID_STORE_ID = "Invalid StoreId";

/** A call to the donation service failed (network, timeout, a non-2xx answer or an unreadable body). */
export class ShoppingGivesApiError extends Error {
  constructor(
    message: DonationErrorMessage,
    /** The HTTP status the service answered with, when it answered. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ShoppingGivesApiError";
  }
}

/** The SDK layer failed: a malformed store id, a store that did not load, a calculation that could not be made. */
export class ShoppingGivesSDKError extends Error {
  constructor(message: DonationErrorMessage | typeof INVALID_STORE_ID, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ShoppingGivesSDKError";
  }
}

export type DonationError = ShoppingGivesApiError | ShoppingGivesSDKError;

/** Store loading (catalogue spec section 9): give up after 5 s, checking every 100 ms. */
export const STORE_LOAD_TIMEOUT_MS = 5_000;
export const STORE_LOAD_POLL_MS = 100;

// ---------------------------------------------------------------------------
// Maths (catalogue spec sections 4 and 9). Money in whole cents.

/** Dollars (as the service sends them) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100 + (dollars >= 0 ? 1e-9 : -1e-9));
}

/** Cents to dollars with 2 decimals (as the service sends them). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * An amount in another currency: the conversion rate applied, rounded to 2 decimals
 * (catalogue spec section 9). USD is the default, at rate 1.
 */
export function convertCents(cents: number, rate = 1): number {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError("A conversion rate is a positive number.");
  return Math.round(cents * rate + 1e-9);
}

/**
 * Whether a purchase gives, merchant-funded: the store is active, runs the online-purchase
 * campaign (1), and the shopper's segment does not exclude them. Otherwise it gives 0.
 */
export function givesOnPurchase(
  store: Pick<DonationStore, "isActive" | "activeCampaigns">,
  segment: Pick<CustomerSegment, "excludeSegment"> | null,
): boolean {
  return store.isActive && store.activeCampaigns.includes(CAMPAIGN.onlinePurchase) && !segment?.excludeSegment;
}

/**
 * What an order gives (docs/rules.md "Donations"), from what the donation service answered:
 * a shopper whose segment is excluded gives nothing at all, whatever the service returned (no
 * merchant-funded donation and no round-up or add-on: the widget was never shown to them); the
 * merchant-funded part only where the purchase gives (`givesOnPurchase`), never below 0; null
 * when the order gives nothing. The SDK layer's `orderDonation` answers through it.
 */
export function orderGift(input: {
  store: Pick<DonationStore, "isActive" | "activeCampaigns">;
  segment: Pick<CustomerSegment, "excludeSegment"> | null;
  /** The service's merchant-funded amount for the cart, cents. */
  donationCents: number;
  extra: DonationExtra | null;
}): { donationCents: number; extra: DonationExtra | null } | null {
  if (input.segment?.excludeSegment) return null;
  const donationCents = givesOnPurchase(input.store, input.segment) ? Math.max(0, Math.round(input.donationCents)) : 0;
  if (donationCents === 0 && !input.extra) return null;
  return { donationCents, extra: input.extra };
}

/** The multiplier of a cause: the store's `causeMultipliers` entry, else 1. */
export function causeMultiplier(store: Pick<DonationStore, "causeMultipliers">, causeId: string | null): number {
  const value = causeId ? store.causeMultipliers[causeId] : undefined;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 1;
}

/** One product line as the cart donation sees it (the get-multiple-donation `cmsIds`). */
export interface DonationLine {
  id: string;
  /** Unit price, cents. */
  priceCents: number;
  quantity: number;
  /** The line's own discount, cents. */
  discountCents: number;
}

/** The donation rule in force: the store's default, or the segment's action. */
export interface DonationRule {
  type: DonationType;
  /** Percent for type 0, dollars per unit for type 1. */
  amount: number;
}

/** The store's default donation, or what the shopper's segment gives instead. */
export function donationRule(store: DonationStore, segment: CustomerSegment | null): DonationRule {
  return segment?.donationAction ?? { type: store.defaultDonationType, amount: store.defaultDonation };
}

/** What a line gives before the multiplier, in exact (unrounded) cents. */
function lineGiftExact(line: DonationLine, rule: DonationRule): number {
  if (line.quantity <= 0 || rule.amount <= 0) return 0;
  if (rule.type === DONATION_TYPE.flat) return rule.amount * 100 * line.quantity;
  const net = Math.max(0, line.priceCents * line.quantity - line.discountCents);
  return (net * rule.amount) / 100;
}

/**
 * What a cart gives, merchant-funded (catalogue spec section 4): type 0 gives a percentage
 * of each line's price times quantity less its discount, type 1 a flat amount per unit;
 * the cart discount reduces the percentage base (never below 0); the cause's multiplier
 * applies to the whole. Each line and the total are rounded half up to whole cents; the
 * total is the rounded sum, less any rounding drift of the cart discount.
 */
export function cartDonationCents(input: {
  lines: readonly DonationLine[];
  rule: DonationRule;
  multiplier: number;
  cartDiscountCents?: number;
}): { totalCents: number; lines: { id: string; cents: number }[] } {
  const { rule, multiplier } = input;
  const lines = input.lines.map((line) => ({
    id: line.id,
    cents: Math.round(lineGiftExact(line, rule) * multiplier + 1e-9),
  }));
  const linesTotal = lines.reduce((sum, line) => sum + line.cents, 0);
  const discountGift =
    rule.type === DONATION_TYPE.percentage ? ((input.cartDiscountCents ?? 0) * rule.amount * multiplier) / 100 : 0;
  const totalCents = Math.max(0, Math.round(linesTotal - discountGift + 1e-9));
  return { totalCents, lines };
}

/** What one product gives at a price (the donation-by-cms-id call): one unit, no discount. */
export function productDonationCents(priceCents: number, rule: DonationRule, multiplier: number): number {
  return cartDonationCents({ lines: [{ id: "", priceCents, quantity: 1, discountCents: 0 }], rule, multiplier })
    .totalCents;
}

/** The round-up (campaign 3): up to the next whole dollar; an order of whole dollars gives one more dollar. */
export function roundUpCents(orderTotalCents: number): number {
  if (orderTotalCents <= 0) return 0;
  return 100 - (orderTotalCents % 100);
}

/** The add-on amounts (campaign 4) a shopper may choose, in cents. */
export const ADD_ON_CENTS: readonly number[] = [100, 300, 500];

/** What the shopper adds and pays for (a round-up or an add-on), as kept on the cart. */
export type DonationExtra = { kind: "round-up" } | { kind: "add-on"; cents: number };

/** The cart attribute that holds the shopper's extra: "round-up" or "add-on:300". */
export const DONATION_EXTRA_ATTRIBUTE = "donation_extra";
/** The cart attribute that holds the tracking id (catalogue spec section 3). */
export const DONATION_TRACKING_ATTRIBUTE = "donation_tracking_id";

/** Reads the extra a cart keeps; anything malformed, or not offered by the campaigns, is none. */
export function parseDonationExtra(
  value: string | null | undefined,
  activeCampaigns: readonly number[] = [CAMPAIGN.roundUp, CAMPAIGN.addOn],
): DonationExtra | null {
  if (value === "round-up") return activeCampaigns.includes(CAMPAIGN.roundUp) ? { kind: "round-up" } : null;
  const addOn = /^add-on:(\d{1,6})$/.exec(value ?? "");
  if (addOn && activeCampaigns.includes(CAMPAIGN.addOn)) {
    const cents = Number(addOn[1]);
    return ADD_ON_CENTS.includes(cents) ? { kind: "add-on", cents } : null;
  }
  return null;
}

/** The attribute value of an extra ("" for none). */
export function formatDonationExtra(extra: DonationExtra | null): string {
  if (!extra) return "";
  return extra.kind === "round-up" ? "round-up" : `add-on:${extra.cents}`;
}

/** What the shopper pays on top of the order for their extra (`orderTotalCents` before it). */
export function shopperDonationCents(extra: DonationExtra | null, orderTotalCents: number): number {
  if (!extra) return 0;
  return extra.kind === "round-up" ? roundUpCents(orderTotalCents) : extra.cents;
}

// ---------------------------------------------------------------------------
// The widget and segments (catalogue spec section 4)

/**
 * The widget is shown only when the segment does not exclude it and either online
 * purchase is active with a total donation above 0, or add-on or round-up is active.
 */
export function showsDonationWidget(input: {
  excluded: boolean;
  activeCampaigns: readonly number[];
  totalDonationCents: number;
}): boolean {
  if (input.excluded) return false;
  const active = (id: number) => input.activeCampaigns.includes(id);
  return (
    (active(CAMPAIGN.onlinePurchase) && input.totalDonationCents > 0) ||
    active(CAMPAIGN.addOn) ||
    active(CAMPAIGN.roundUp)
  );
}

/** What segments are evaluated against: per source, property → value(s). */
export type SegmentProperties = Record<string, Record<string, string | readonly string[] | null | undefined>>;

function segmentMatches(segment: CustomerSegment, properties: SegmentProperties): boolean {
  const raw = properties[segment.frontEndSource]?.[segment.frontEndPropertyName];
  const values = (Array.isArray(raw) ? raw : raw == null ? [] : [raw as string]).filter((v) => v !== "");
  // The value category is compared without case ("Any", "SPECIFIED"), as the values are.
  switch (segment.valueCategory.toLowerCase()) {
    case "any":
      return values.length > 0;
    case "none":
      return values.length === 0;
    case "specified": {
      const wanted = new Set(segment.specifiedValues.map((v) => v.toLowerCase()));
      return values.some((v) => wanted.has(v.toLowerCase()));
    }
    default:
      return false;
  }
}

/** The first active segment that matches, in priority order (lowest `priorityIndex` first), or null. */
export function pickSegment(
  segments: readonly CustomerSegment[],
  properties: SegmentProperties,
): CustomerSegment | null {
  const ordered = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.isActive)
    .sort((a, b) => a.segment.priorityIndex - b.segment.priorityIndex || a.index - b.index);
  return ordered.find(({ segment }) => segmentMatches(segment, properties))?.segment ?? null;
}
