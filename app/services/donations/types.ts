// The donation service (ShoppingGives) as the SDK layer sees it: one method per call of
// catalogue spec section 7. The embedded provider answers from our database; the remote
// adapter makes the HTTP call, with the `x-store-id` header, to the SDK environment's API.
// Both raise `ShoppingGivesApiError` with the call's message of catalogue spec section 8.
import type {
  Charity,
  CharitySearchQuery,
  DonationError,
  DonationExtra,
  DonationResult,
  DonationStore,
  TrackingRecord,
} from "~/models/donations";
import type { SiteId } from "~/models/site";
import type { Cart } from "~/services/commerce/index.server";

/** One product of a cart donation (the get-multiple-donation `cmsIds`). Dollars, as the service takes them. */
export interface CartDonationItem {
  id: string;
  price: number;
  quantity: number;
  discount: number;
}

export interface DonationProvider {
  /** GET stores/cc-small/none. Raises 'Error retrieving store'. */
  getStore(): Promise<DonationStore>;
  /** GET products/donation-by-cms-id. Raises 'Error retrieving product donation'. */
  getProductDonation(input: {
    cmsId: string;
    realPrice: number;
    providedCauseId?: string | null;
    customerSegmentId?: string | null;
  }): Promise<DonationResult>;
  /** POST products/get-multiple-donation. Raises 'Error retrieving cart donation'. */
  getCartDonation(input: {
    cmsIds: CartDonationItem[];
    cartDiscount: number;
    ignoreDirectDonations: boolean;
    providedCauseId?: string | null;
    customerSegmentId?: string | null;
  }): Promise<DonationResult>;
  /** GET charities/search. Raises 'Error searching charities'. */
  searchCharities(query: CharitySearchQuery): Promise<Charity[]>;
  /** GET charities/search-by-eins. Raises 'Error retrieving charities by EIN'. */
  charitiesByEins(eins: string[]): Promise<Charity[]>;
  /** GET portfolios/cc-query-with-charities. Raises 'Error retrieving portfolios'. */
  portfolio(id: string): Promise<Charity | null>;
  /** POST tracking. Raises 'Error starting tracking'. */
  startTracking(input: { storeId: string; isTestMode: boolean; isForceTestMode: boolean }): Promise<TrackingRecord>;
  /** PUT tracking/{trackingId}/set-cause. Raises 'Error updating tracking'. */
  setCause(trackingId: string, cause: { causeId: string; causeName: string }): Promise<TrackingRecord>;
  /** GET tracking/{trackingId}/cause; null when the service has no such record. Raises 'Error updating tracking'. */
  getCause(trackingId: string): Promise<TrackingRecord | null>;
  /** PUT tracking/{trackingId}/add-integration-info. Raises 'Error updating tracking'. */
  addIntegrationInfo(
    trackingId: string,
    input: { integrationType: string; info: Record<string, unknown> },
  ): Promise<void>;
  /** PUT tracking/{trackingId}/set-confirmation-data. Raises 'Error updating tracking'. */
  setConfirmationData(
    trackingId: string,
    confirmationData: { totalDonationAmount: number; causes: { causeId: string; causeName: string; amount: number }[] },
  ): Promise<void>;
  /** POST clickstream/events. Raises 'Error updating tracking'. */
  sendEvent(input: {
    event: string;
    properties: Record<string, unknown>;
    storeId: string;
    trackingId: string | null;
  }): Promise<void>;
}

// ---------------------------------------------------------------------------
// The SDK layer (donations.server.ts) as routes, checkout and the outbox use it.

/** A cause as the widget offers it: a charity or a portfolio. */
export interface CauseOption {
  id: string;
  name: string;
  logoUrl: string;
  categoryName: string;
  description: string;
  /** "City, ST" when known. */
  place: string | null;
  website: string | null;
}

/** What the cart and checkout show of the donation (docs/rules.md "Donations"). */
export interface DonationWidget {
  /** The widget rule (`showsDonationWidget`); false for a hidden, empty widget. */
  show: boolean;
  /** What this cart gives, merchant-funded, in cents ("This order gives $X to {cause}"). */
  donationCents: number;
  /** The cause the cart gives to: the tracking record's, else the store's default. */
  cause: CauseOption | null;
  /** The shopper may choose the cause (the store's `letShoppersChoose`). */
  letShoppersChoose: boolean;
  /** The charity search is offered (the store's `searchEnabled`, with `letShoppersChoose`). */
  searchEnabled: boolean;
  /** The featured causes, in the store's order (the chosen one included). */
  featuredCauses: CauseOption[];
  /** Round-up (campaign 3) is offered. */
  offersRoundUp: boolean;
  /** The add-on amounts offered (campaign 4), cents; empty when not offered. */
  addOnCents: readonly number[];
  /** What the shopper added, as kept on the cart. */
  extra: DonationExtra | null;
  /** The tracking record of the cart, once started. */
  trackingId: string | null;
  testMode: boolean;
}

/** A cart as the donation layer needs it, with who is shopping (for segments). */
export interface DonationCartContext {
  site: SiteId;
  cart: Cart;
  customer: { id: string; acceptsMarketing: boolean } | null;
}

/** What an order gives, decided when it is placed (written on the order). */
export interface OrderDonation {
  trackingId: string | null;
  causeId: string;
  causeName: string;
  /** Merchant-funded, cents. */
  donationCents: number;
  /** What the shopper added (priced by `priceOrder`). */
  extra: DonationExtra | null;
}

/** The outbox message that sends an order's confirmation data to the donation service. */
export interface DonationConfirmationPayload {
  trackingId: string;
  orderId: string;
  orderNumber: number;
  /** Dollars, 2 decimals: merchant-funded plus the shopper's extra. */
  totalDonationAmount: number;
  causes: { causeId: string; causeName: string; amount: number }[];
}

/** A shopper's donation choice that cannot be made; `status` is the HTTP status to answer with. */
export type DonationChoiceErrorCode = "CAUSE_UNKNOWN" | "EXTRA_NOT_OFFERED" | "CHOICE_NOT_OFFERED" | "UNAVAILABLE";

/**
 * The donation SDK layer (docs/rules.md "Donations"): what routes, checkout and the outbox
 * call. Donation failures never stop a purchase: every method below that a page needs
 * reports its error to the listeners (`on`) and answers as if the store gave nothing
 * (a hidden, empty widget; no donation) — except the shopper's own choices, which
 * raise `DonationChoiceError` so the page can say why.
 */
export interface Donations {
  /** Listens to SDK and API errors; a handled error is swallowed. Returns the unsubscribe. */
  on(listener: (error: DonationError) => void): () => void;
  /** The widget of a cart (hidden and empty on the staff site, when the store did not load, or by the widget rule). */
  widget(context: DonationCartContext): Promise<DonationWidget>;
  /** The cart's tracking record id, started (POST tracking) and kept as the cart's donation_tracking_id when missing. */
  ensureTracking(context: DonationCartContext): Promise<string | null>;
  /** Chooses a featured or searched cause: set-cause on the cart's tracking record (started when missing). */
  chooseCause(context: DonationCartContext, causeId: string): Promise<CauseOption>;
  /** Keeps the shopper's round-up or add-on (null: none) on the cart, if the store offers it. */
  setExtra(context: DonationCartContext, extra: DonationExtra | null): Promise<void>;
  /** The charity search (catalogue spec section 5); empty when the store does not offer it. */
  searchCharities(site: SiteId, input: { term: string; location?: string; state?: string }): Promise<CauseOption[]>;
  /** What the order of this cart gives, or null when it gives nothing (staff site, store down, excluded segment). */
  orderDonation(context: DonationCartContext): Promise<OrderDonation | null>;
}
