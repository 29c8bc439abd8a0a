// The donation SDK layer (docs/rules.md "Donations"; catalogue spec sections 4, 8 and 9):
// what the shop asks of the donation service, on whichever provider is configured. It
// loads the store (5 s, checked every 100 ms), evaluates the shopper's segment, works
// out what a cart gives, keeps the cart's tracking record, cause and extra, and reports
// every failure to its listeners: a handled error is swallowed and the shop goes on with
// a hidden, empty widget and no donation. Only a shopper's own choice is refused aloud.
import { isAutoshipLine, autoshipUnitPriceCents } from "~/models/pricing";
import { orderType } from "~/models/checkout";
import {
  CAMPAIGN,
  DONATION_ERROR,
  DONATION_EXTRA_ATTRIBUTE,
  DONATION_TRACKING_ATTRIBUTE,
  INVALID_STORE_ID,
  STORE_LOAD_POLL_MS,
  STORE_LOAD_TIMEOUT_MS,
  ADD_ON_CENTS,
  ShoppingGivesApiError,
  ShoppingGivesSDKError,
  centsToDollars,
  charitySearchQuery,
  convertCents,
  dollarsToCents,
  formatDonationExtra,
  isPortfolioId,
  isStoreId,
  orderGift,
  parseDonationExtra,
  pickSegment,
  showsDonationWidget,
  type Charity,
  type CustomerSegment,
  type DonationError,
  type DonationErrorMessage,
  type DonationExtra,
  type DonationStore,
  type SegmentProperties,
} from "~/models/donations";
import { SHOP_CURRENCY } from "~/models/money";
import { serviceErrorWithStatus } from "~/models/service-error";
import { sitePolicy } from "~/models/site-policy";
import type {
  CauseOption,
  DonationCartContext,
  DonationChoiceErrorCode,
  DonationConfirmationPayload,
  DonationProvider,
  Donations,
  DonationWidget,
  OrderDonation,
} from "./types";

/** The HTTP status of each refused choice. */
const CHOICE_ERROR_STATUS: Record<DonationChoiceErrorCode, number> = {
  CAUSE_UNKNOWN: 422,
  EXTRA_NOT_OFFERED: 422,
  CHOICE_NOT_OFFERED: 422,
  UNAVAILABLE: 503,
};

/** A shopper's donation choice that was not made; the message is for the shopper. */
export class DonationChoiceError extends serviceErrorWithStatus<DonationChoiceErrorCode>(
  "DonationChoiceError",
  CHOICE_ERROR_STATUS,
) {}

/** The outbox topics whose handlers (`confirmationDelivery`, `eventDelivery`) call the provider. */
export const DONATION_CONFIRMATION_TOPIC = "donation-confirmation";
export const DONATION_EVENT_TOPIC = "donation-event";

/** A clickstream event, as queued in the outbox. */
export interface DonationEventPayload {
  event: string;
  properties: Record<string, unknown>;
  storeId: string;
  trackingId: string | null;
}

/** The widget when there is nothing to show. */
export const HIDDEN_WIDGET: DonationWidget = {
  show: false,
  donationCents: 0,
  cause: null,
  letShoppersChoose: false,
  searchEnabled: false,
  featuredCauses: [],
  offersRoundUp: false,
  addOnCents: [],
  extra: null,
  trackingId: null,
  testMode: false,
};

export interface DonationsDeps {
  provider: DonationProvider;
  storeId: string;
  testMode: boolean;
  /** Writes attributes on a cart (the commerce provider's cart). */
  setCartAttributes: (cartId: string, attributes: { key: string; value: string }[]) => Promise<void>;
  /** Queues a clickstream event (the outbox); its delivery calls `eventDelivery`. */
  queueEvent: (payload: DonationEventPayload) => Promise<void>;
  /**
   * What one unit of the store's primary currency is worth in the shop's currency
   * (DONATIONS_CURRENCY_RATE); needed only when the store's currency is not the shop's.
   */
  currencyRate?: number | null;
  /** How long a loaded store (and the causes read with it) is reused. Default 60 s. */
  storeTtlMs?: number;
  /** Store loading: give up after this long (default 5 s), checking every `storePollMs` (default 100 ms). */
  storeTimeoutMs?: number;
  storePollMs?: number;
  /** After a store that did not load, answer at once (no donation) for this long while it loads again. Default 30 s. */
  failureBackoffMs?: number;
  now?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cause option shown for a charity or portfolio. */
export function causeOption(charity: Charity): CauseOption {
  return {
    id: charity.id,
    name: charity.name,
    logoUrl: charity.logoUrl,
    categoryName: charity.categoryName,
    description: charity.description,
    place: charity.address,
    website: charity.website,
  };
}

/** What the cart's segment is evaluated against (`pickSegment`). */
function segmentProperties(context: DonationCartContext): SegmentProperties {
  return {
    cart: {
      orderType: orderType(context.cart.lines),
      discountCodes: context.cart.discountCodes,
    },
    customer: {
      signedIn: context.customer ? "true" : "",
      acceptsMarketing: context.customer?.acceptsMarketing ? "true" : "",
    },
  };
}

function cartAttribute(context: DonationCartContext, key: string): string | null {
  return context.cart.attributes.find((a) => a.key === key)?.value || null;
}

/** What the cart's assessment found: the basis of the widget and of the order's donation. */
interface Assessment {
  store: DonationStore;
  segment: CustomerSegment | null;
  trackingId: string | null;
  cause: CauseOption | null;
  donationCents: number;
  extra: DonationExtra | null;
}

export function createDonations(deps: DonationsDeps): Donations & {
  /** The outbox handler of DONATION_CONFIRMATION_TOPIC: add-integration-info, then set-confirmation-data. */
  confirmationDelivery(delivery: { payload: DonationConfirmationPayload }): Promise<void>;
  /** The outbox handler of DONATION_EVENT_TOPIC: clickstream/events. */
  eventDelivery(delivery: { payload: DonationEventPayload }): Promise<void>;
  /** Forgets the loaded store and causes (tests, and after the store is edited). */
  reset(): void;
} {
  const { provider, storeId } = deps;
  const now = deps.now ?? (() => Date.now());
  const ttlMs = deps.storeTtlMs ?? 60_000;
  const timeoutMs = deps.storeTimeoutMs ?? STORE_LOAD_TIMEOUT_MS;
  const pollMs = deps.storePollMs ?? STORE_LOAD_POLL_MS;
  const backoffMs = deps.failureBackoffMs ?? 30_000;
  const listeners = new Set<(error: DonationError) => void>();

  let loaded: { store: DonationStore; at: number } | null = null;
  let loading: Promise<void> | null = null;
  let failedAt: number | null = null;
  let invalidIdReported = false;
  let lastLoadError: DonationError | null = null;
  const causes = new Map<string, { cause: CauseOption | null; at: number }>();

  /** Hands an error to the listeners (swallowed), or throws it when nobody listens (catalogue spec section 8). */
  function report(error: DonationError): void {
    if (listeners.size === 0) throw error;
    for (const listener of listeners) listener(error);
  }

  /** An SDK error wrapping what went wrong underneath. */
  function sdkError(message: DonationErrorMessage, cause: unknown): ShoppingGivesSDKError {
    return new ShoppingGivesSDKError(message, { cause });
  }

  function asDonationError(error: unknown, fallback: DonationErrorMessage): DonationError {
    if (error instanceof ShoppingGivesApiError || error instanceof ShoppingGivesSDKError) return error;
    return new ShoppingGivesApiError(fallback, null, { cause: error });
  }

  function startLoad(): void {
    if (loading) return;
    loading = provider
      .getStore()
      .then(
        (store) => {
          loaded = { store, at: now() };
          failedAt = null;
          lastLoadError = null;
        },
        (error: unknown) => {
          failedAt = now();
          lastLoadError = asDonationError(error, DONATION_ERROR.retrieveStore);
          // Nobody listening: the caller waiting on the store gets it as the cause of its error.
          if (listeners.size > 0) report(lastLoadError);
        },
      )
      .finally(() => {
        loading = null;
      });
  }

  /**
   * The store, loaded within STORE_LOAD_TIMEOUT_MS checking every STORE_LOAD_POLL_MS; null
   * (with 'Error initializing SDK' reported) when it did not load, or when the store id is
   * malformed ('Invalid StoreId'). A loaded store is reused for its TTL and then refreshed
   * in the background; after a failure, callers get null at once for the backoff period.
   */
  async function ready(): Promise<DonationStore | null> {
    if (!isStoreId(storeId)) {
      if (!invalidIdReported) {
        invalidIdReported = true;
        report(new ShoppingGivesSDKError(INVALID_STORE_ID));
      }
      return null;
    }
    if (loaded) {
      if (now() - loaded.at >= ttlMs) startLoad();
      return loaded.store;
    }
    if (failedAt !== null && now() - failedAt < backoffMs) {
      startLoad();
      return null;
    }
    startLoad();
    const deadline = Date.now() + timeoutMs;
    while (!loaded && loading && Date.now() < deadline) await sleep(pollMs);
    if (loaded) return (loaded as { store: DonationStore }).store;
    failedAt = now();
    report(new ShoppingGivesSDKError(DONATION_ERROR.initialize, { cause: lastLoadError ?? undefined }));
    return null;
  }

  /** Causes by id (charities by EIN, portfolios by 32-hex id), cached with the store. */
  async function resolveCauses(ids: readonly string[]): Promise<Map<string, CauseOption>> {
    const found = new Map<string, CauseOption>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = causes.get(id);
      if (cached && now() - cached.at < ttlMs) {
        if (cached.cause) found.set(id, cached.cause);
      } else missing.push(id);
    }
    if (missing.length === 0) return found;
    const eins = missing.filter((id) => !isPortfolioId(id));
    const portfolios = missing.filter(isPortfolioId);
    const [charities, groups] = await Promise.all([
      eins.length ? provider.charitiesByEins(eins) : Promise.resolve([]),
      Promise.all(portfolios.map((id) => provider.portfolio(id))),
    ]);
    const at = now();
    const byId = new Map<string, CauseOption>();
    for (const charity of [...charities, ...groups]) {
      if (charity) byId.set(charity.id, causeOption(charity));
    }
    for (const id of missing) {
      const cause = byId.get(id) ?? null;
      causes.set(id, { cause, at });
      if (cause) found.set(id, cause);
    }
    return found;
  }

  /** The featured causes, in the store's order; [] (reported) when they cannot be read. */
  async function featuredCauses(store: DonationStore): Promise<CauseOption[]> {
    try {
      const found = await resolveCauses(store.featuredCauseIds);
      return store.featuredCauseIds.flatMap((id) => found.get(id) ?? []);
    } catch (error) {
      report(sdkError(DONATION_ERROR.getCharities, error));
      return [];
    }
  }

  /** What the cart gives and to whom, or null when it gives nothing (reported when something failed). */
  async function assess(context: DonationCartContext): Promise<Assessment | null> {
    if (!sitePolicy(context.site).givesDonations) return null;
    const store = await ready();
    if (!store || !store.isActive) return null;
    const segment = pickSegment(store.customerSegments, segmentProperties(context));
    const trackingId = cartAttribute(context, DONATION_TRACKING_ATTRIBUTE);
    const extra = parseDonationExtra(cartAttribute(context, DONATION_EXTRA_ATTRIBUTE), store.activeCampaigns);

    let causeId = store.defaultCauseId;
    if (trackingId) {
      try {
        const record = await provider.getCause(trackingId);
        if (record?.causeId) causeId = record.causeId;
      } catch (error) {
        report(asDonationError(error, DONATION_ERROR.updateTracking));
      }
    }
    let cause: CauseOption | null = null;
    if (causeId) {
      try {
        cause = (await resolveCauses([causeId])).get(causeId) ?? null;
        if (!cause) report(new ShoppingGivesSDKError(DONATION_ERROR.populateCauseIds));
      } catch (error) {
        report(sdkError(DONATION_ERROR.populateCauseIds, error));
      }
    }
    if (!cause) return null;

    let donationCents = 0;
    if (store.activeCampaigns.includes(CAMPAIGN.onlinePurchase) && context.cart.lines.length > 0) {
      // Prices go to the service in the store's currency and its answer comes back in the
      // shop's, each converted at the rate and rounded to 2 decimals (catalogue spec section 9).
      const rate = store.primaryCurrency.toUpperCase() === SHOP_CURRENCY ? 1 : (deps.currencyRate ?? null);
      if (rate === null) {
        report(new ShoppingGivesSDKError(DONATION_ERROR.calculate));
        return null;
      }
      try {
        const result = await provider.getCartDonation({
          // The donation is worked out on the lines at the prices charged (autoship lines at the
          // autoship price), before order-level codes (docs/decisions.md "Donations").
          cmsIds: context.cart.lines.map((line) => ({
            id: line.variantId,
            price: centsToDollars(
              convertCents(
                isAutoshipLine(line) ? autoshipUnitPriceCents(line.unitPriceCents) : line.unitPriceCents,
                1 / rate,
              ),
            ),
            quantity: line.quantity,
            discount: 0,
          })),
          cartDiscount: 0,
          ignoreDirectDonations: false,
          providedCauseId: cause.id,
          customerSegmentId: segment?.id ?? null,
        });
        donationCents = convertCents(dollarsToCents(result.totalDonationAmount), rate);
      } catch (error) {
        report(sdkError(DONATION_ERROR.calculate, error));
        return null;
      }
    }
    return { store, segment, trackingId, cause, donationCents, extra };
  }

  /** The cart's tracking record, started and kept on the cart when missing; null when it cannot be. */
  async function ensureTracking(context: DonationCartContext): Promise<string | null> {
    if (!sitePolicy(context.site).givesDonations) return null;
    const existing = cartAttribute(context, DONATION_TRACKING_ATTRIBUTE);
    if (existing) return existing;
    const store = await ready();
    if (!store || !store.isActive) return null;
    let trackingId: string;
    try {
      ({ trackingId } = await provider.startTracking({
        storeId,
        isTestMode: deps.testMode,
        isForceTestMode: false,
      }));
    } catch (error) {
      report(asDonationError(error, DONATION_ERROR.startTracking));
      return null;
    }
    try {
      await deps.setCartAttributes(context.cart.id, [{ key: DONATION_TRACKING_ATTRIBUTE, value: trackingId }]);
    } catch (error) {
      report(sdkError(DONATION_ERROR.updateWidget, error));
      return null;
    }
    // The caller's copy of the cart now carries it too.
    context.cart.attributes = [
      ...context.cart.attributes.filter((a) => a.key !== DONATION_TRACKING_ATTRIBUTE),
      { key: DONATION_TRACKING_ATTRIBUTE, value: trackingId },
    ];
    return trackingId;
  }

  async function queueEvent(event: string, trackingId: string | null, properties: Record<string, unknown>) {
    try {
      await deps.queueEvent({ event, properties, storeId, trackingId });
    } catch (error) {
      report(asDonationError(error, DONATION_ERROR.updateTracking));
    }
  }

  const unavailable = () =>
    new DonationChoiceError("UNAVAILABLE", "Giving is not available right now. Your order is not affected.");

  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async widget(context) {
      const assessment = await assess(context);
      if (!assessment) return { ...HIDDEN_WIDGET, testMode: deps.testMode };
      const { store, segment, cause, donationCents, extra, trackingId } = assessment;
      const show = showsDonationWidget({
        excluded: segment?.excludeSegment ?? false,
        activeCampaigns: store.activeCampaigns,
        totalDonationCents: donationCents,
      });
      if (!show) return { ...HIDDEN_WIDGET, testMode: deps.testMode };
      const featured = store.letShoppersChoose ? await featuredCauses(store) : [];
      return {
        show,
        donationCents,
        cause,
        letShoppersChoose: store.letShoppersChoose,
        searchEnabled: store.letShoppersChoose && store.searchEnabled,
        featuredCauses: featured,
        offersRoundUp: store.activeCampaigns.includes(CAMPAIGN.roundUp),
        addOnCents: store.activeCampaigns.includes(CAMPAIGN.addOn) ? ADD_ON_CENTS : [],
        extra,
        trackingId,
        testMode: deps.testMode,
      };
    },

    ensureTracking,

    async chooseCause(context, causeId) {
      if (!sitePolicy(context.site).givesDonations) {
        throw new DonationChoiceError("CHOICE_NOT_OFFERED", "This shop does not offer a choice of cause.");
      }
      const store = await ready();
      if (!store || !store.isActive) throw unavailable();
      if (!store.letShoppersChoose) {
        throw new DonationChoiceError("CHOICE_NOT_OFFERED", "This shop does not offer a choice of cause.");
      }
      // A featured cause, or (where the search is offered) any cause the service knows.
      if (!store.featuredCauseIds.includes(causeId) && !store.searchEnabled) {
        throw new DonationChoiceError("CAUSE_UNKNOWN", "Choose one of the causes shown.");
      }
      let cause: CauseOption | undefined;
      try {
        cause = (await resolveCauses([causeId])).get(causeId);
      } catch (error) {
        report(sdkError(DONATION_ERROR.getCharities, error));
        throw unavailable();
      }
      if (!cause) throw new DonationChoiceError("CAUSE_UNKNOWN", "We could not find that cause. Choose another.");
      const trackingId = await ensureTracking(context);
      if (!trackingId) throw unavailable();
      try {
        await provider.setCause(trackingId, { causeId: cause.id, causeName: cause.name });
      } catch (error) {
        report(asDonationError(error, DONATION_ERROR.updateTracking));
        throw unavailable();
      }
      await queueEvent("cause_selected", trackingId, { causeId: cause.id });
      return cause;
    },

    async setExtra(context, extra) {
      if (!sitePolicy(context.site).givesDonations) {
        throw new DonationChoiceError("EXTRA_NOT_OFFERED", "This shop does not take extra gifts.");
      }
      const value = formatDonationExtra(extra);
      if (extra) {
        const store = await ready();
        if (!store || !store.isActive) throw unavailable();
        if (!parseDonationExtra(value, store.activeCampaigns)) {
          throw new DonationChoiceError("EXTRA_NOT_OFFERED", "That gift is not offered. Choose one of those shown.");
        }
      }
      try {
        await deps.setCartAttributes(context.cart.id, [{ key: DONATION_EXTRA_ATTRIBUTE, value }]);
      } catch (error) {
        report(sdkError(DONATION_ERROR.updateWidget, error));
        throw unavailable();
      }
      await queueEvent(
        "extra_selected",
        cartAttribute(context, DONATION_TRACKING_ATTRIBUTE),
        extra ? { ...extra } : { kind: "none" },
      );
    },

    async searchCharities(site, input) {
      if (!sitePolicy(site).givesDonations) return [];
      const store = await ready();
      if (!store || !store.isActive || !store.letShoppersChoose || !store.searchEnabled) return [];
      try {
        const found = await provider.searchCharities(charitySearchQuery(input));
        const at = now();
        for (const charity of found) causes.set(charity.id, { cause: causeOption(charity), at });
        return found.map(causeOption);
      } catch (error) {
        report(asDonationError(error, DONATION_ERROR.searchCharities));
        return [];
      }
    },

    async orderDonation(context): Promise<OrderDonation | null> {
      const assessment = await assess(context);
      if (!assessment || !assessment.cause) return null;
      const { store, segment, cause, trackingId } = assessment;
      // An excluded segment gives nothing, whatever the service answered (`orderGift`).
      const gift = orderGift({ store, segment, donationCents: assessment.donationCents, extra: assessment.extra });
      if (!gift) return null;
      return { trackingId, causeId: cause.id, causeName: cause.name, ...gift };
    },

    async confirmationDelivery({ payload }) {
      await provider.addIntegrationInfo(payload.trackingId, {
        integrationType: "order",
        info: { orderId: payload.orderId, orderNumber: payload.orderNumber },
      });
      await provider.setConfirmationData(payload.trackingId, {
        totalDonationAmount: payload.totalDonationAmount,
        causes: payload.causes,
      });
    },

    async eventDelivery({ payload }) {
      await provider.sendEvent(payload);
    },

    reset() {
      loaded = null;
      failedAt = null;
      invalidIdReported = false;
      causes.clear();
    },
  };
}
