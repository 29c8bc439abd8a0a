// The analytics data layer's events (catalogue spec sections 2 and 7; docs/rules.md "Analytics";
// docs/decisions.md "Analytics"). Pure: the browser builds the events pages push to the
// tag-manager data layer from the data the pages already have, and the collection endpoint
// checks what it stores with the same names and limits.
import { BRAND_LABELS } from "./brands";

/** The GA4 ecommerce and account events the data layer receives. */
export const ANALYTICS_EVENTS = [
  "view_item_list",
  "select_item",
  "view_item",
  "add_to_cart",
  "remove_from_cart",
  "view_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
  "sign_up",
  "login",
  "search",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export type EcommerceEventName = Exclude<AnalyticsEventName, "sign_up" | "login" | "search">;

/** Every price in the shop is in US dollars (the cart's currency). */
export const ANALYTICS_CURRENCY = "USD";

/** One item as GA4 ecommerce names its fields. */
export interface AnalyticsItem {
  /** The variant's id: the one id every shape (card, product page, cart line, order line) carries. */
  item_id: string;
  item_name: string;
  /** The brand's display name ("Science Diet"); absent where the page does not know it. */
  item_brand?: string;
  /** The size, with the flavor where there is one ("15.5 lb bag, Chicken"). */
  item_variant?: string;
  /** Dollars, two decimals. */
  price: number;
  quantity: number;
  index?: number;
  item_list_name?: string;
}

export interface EcommerceData {
  currency: string;
  value: number;
  items: AnalyticsItem[];
  item_list_name?: string;
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
}

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: EcommerceData;
}
export interface SearchEvent {
  event: "search";
  search_term: string;
}
export interface AccountEvent {
  event: "login" | "sign_up";
  method: SignInMethod;
}
export type AnalyticsEvent = EcommerceEvent | SearchEvent | AccountEvent;

/** How a shopper signed in or up. */
export const SIGN_IN_METHODS = ["password", "oidc"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Cents to dollars with two decimals, as a number (1999 -> 19.99). */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** The brand slug's display name ("science-diet" -> "Science Diet"). */
export function brandName(slug: string | null | undefined): string | undefined {
  return slug ? (BRAND_LABELS[slug] ?? slug) : undefined;
}

function variantLabel(size: string | null | undefined, flavor?: string | null): string | undefined {
  const parts = [size, flavor].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(", ") : undefined;
}

function item(fields: {
  id: string;
  name: string;
  brand?: string | null;
  size?: string | null;
  flavor?: string | null;
  priceCents: number | undefined;
  quantity: number;
  index?: number;
  listName?: string;
}): AnalyticsItem {
  const brand = brandName(fields.brand);
  const variant = variantLabel(fields.size, fields.flavor);
  return {
    item_id: fields.id,
    item_name: fields.name,
    ...(brand ? { item_brand: brand } : {}),
    ...(variant ? { item_variant: variant } : {}),
    price: dollars(fields.priceCents ?? 0),
    quantity: fields.quantity,
    ...(fields.index !== undefined ? { index: fields.index } : {}),
    ...(fields.listName ? { item_list_name: fields.listName } : {}),
  };
}

/** A product card (listings, carousels): the variant it shows. */
export function cardItem(
  card: {
    title: string;
    brand?: string;
    variant: { id: string; size: string; flavor?: string; priceCents?: number };
  },
  position?: { index: number; listName: string },
): AnalyticsItem {
  return item({
    id: card.variant.id,
    name: card.title,
    brand: card.brand,
    size: card.variant.size,
    flavor: card.variant.flavor,
    priceCents: card.variant.priceCents,
    quantity: 1,
    index: position?.index,
    listName: position?.listName,
  });
}

/** The product page: the variant shown. */
export function productItem(
  product: { title: string; brand: string },
  variant: { id: string; size: string; flavor?: string | null; priceCents?: number },
  quantity = 1,
): AnalyticsItem {
  return item({
    id: variant.id,
    name: product.title,
    brand: product.brand,
    size: variant.size,
    flavor: variant.flavor,
    priceCents: variant.priceCents,
    quantity,
  });
}

/** A cart line (or a part of it: `quantity` added or removed). */
export function cartLineItem(
  line: {
    variantId: string;
    productTitle: string;
    brand?: string;
    size: string;
    unitPriceCents: number;
    quantity: number;
  },
  quantity = line.quantity,
): AnalyticsItem {
  return item({
    id: line.variantId,
    name: line.productTitle,
    brand: line.brand,
    size: line.size,
    priceCents: line.unitPriceCents,
    quantity,
  });
}

/** An order line; `variantId` may be gone (a deleted variant): the sku stands in. */
export function orderLineItem(
  line: {
    variantId: string | null;
    sku: string;
    productTitle: string;
    variantTitle: string;
    unitPriceCents: number;
    quantity: number;
  },
  brand?: string,
): AnalyticsItem {
  return item({
    id: line.variantId ?? line.sku,
    name: line.productTitle,
    brand,
    size: line.variantTitle,
    priceCents: line.unitPriceCents,
    quantity: line.quantity,
  });
}

/** The items' value in dollars: price times quantity, summed in cents first (no float drift). */
export function itemsValue(items: readonly AnalyticsItem[]): number {
  return dollars(items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0));
}

/**
 * An ecommerce event: `value` is the items' value unless given (a purchase's value is the
 * order's total); optional fields only when set.
 */
export function ecommerceEvent(
  event: EcommerceEventName,
  items: readonly AnalyticsItem[],
  extra: Partial<Omit<EcommerceData, "currency" | "items">> = {},
): EcommerceEvent {
  const defined = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined && v !== ""));
  return {
    event,
    ecommerce: { currency: ANALYTICS_CURRENCY, value: itemsValue(items), items: [...items], ...defined },
  };
}

/** A list of cards seen (view_item_list): each item carries its position and the list's name. */
export function itemListEvent(cards: readonly Parameters<typeof cardItem>[0][], listName: string): EcommerceEvent {
  const items = cards.map((card, index) => cardItem(card, { index, listName }));
  return ecommerceEvent("view_item_list", items, { item_list_name: listName });
}

/** A card chosen from a list (select_item). */
export function selectItemEvent(card: Parameters<typeof cardItem>[0], index: number, listName: string): EcommerceEvent {
  return ecommerceEvent("select_item", [cardItem(card, { index, listName })], { item_list_name: listName });
}

/**
 * The cart attribute that carries the shopper's analytics consent to a platform's order (set at
 * the hand-off, read by orders/create): "granted" when the shop's own integration may record.
 */
export const ANALYTICS_CONSENT_ATTRIBUTE = "_analytics_consent";

/** An order placed: value is the order's total, with tax and shipping. */
export function purchaseEvent(order: {
  id: string;
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCodes?: readonly string[];
  items: readonly AnalyticsItem[];
}): EcommerceEvent {
  return ecommerceEvent("purchase", order.items, {
    transaction_id: order.id,
    value: dollars(order.totalCents),
    tax: dollars(order.taxCents),
    shipping: dollars(order.shippingCents),
    coupon: order.discountCodes?.join(",") || undefined,
  });
}

export function searchEvent(term: string): SearchEvent {
  return { event: "search", search_term: term.trim() };
}

/** True for the events pushed with an `ecommerce` object (cleared first: GTM's recommendation). */
export function isEcommerceEvent(event: AnalyticsEvent): event is EcommerceEvent {
  return "ecommerce" in event;
}

/**
 * The name of a list of products by the page it is on (catalogue spec section 2: /cart is
 * "Cart", / is "HomePage"). Listings, search and product pages are named by their kind,
 * not their path, so reports group them (docs/decisions.md "Analytics").
 */
export function listNameOf(pathname: string, productPage = false): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return "HomePage";
  if (path === "/cart") return "Cart";
  if (path === "/search") return "Search Results";
  if (path === "/products" || path.startsWith("/products/"))
    return productPage ? "Related Products" : "Product Listing";
  return "Other Page";
}

/** The one-time marker the server sets after a sign-in or registration: "login.password". */
export const ACCOUNT_MARKER_COOKIE = "shop_analytics_account";
/** Long enough to survive the redirect, short enough never to be pushed twice. */
export const ACCOUNT_MARKER_MAX_AGE_SECONDS = 60;

export function accountMarkerValue(event: "login" | "sign_up", method: SignInMethod): string {
  return `${event}.${method}`;
}

/** The event a marker value stands for, or null for anything else. */
export function parseAccountMarker(value: string | null | undefined): AccountEvent | null {
  const [event, method, ...rest] = (value ?? "").split(".");
  if (rest.length > 0 || (event !== "login" && event !== "sign_up")) return null;
  if (!(SIGN_IN_METHODS as readonly string[]).includes(method)) return null;
  return { event, method: method as SignInMethod };
}

// First-party collection (docs/rules.md "Analytics"; catalogue spec section 7).

/** At most this many events in one collection post. */
export const MAX_EVENTS_PER_POST = 20;
/** The largest collection body read (bytes). */
export const MAX_ANALYTICS_BODY_BYTES = 32 * 1024;
/** The answer to an unknown or misconfigured integration (catalogue spec section 7). */
export const INVALID_INTEGRATION_MESSAGE = "Invalid analytics integration";
/** The embedded, first-party integration: stores events in the shop's own database. */
export const SHOP_INTEGRATION = "shop";
/** The collection endpoint. */
export const ANALYTICS_COLLECT_PATH = "/api/analytics/events";

/** An order's value in cents from an event's dollars (what `AnalyticsEvent.valueCents` stores). */
export function valueCents(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : Math.round(value * 100);
}

/** What an event stores: its ecommerce part (or its search term or method), and its value in cents. */
export function storedPart(event: AnalyticsEvent): { payload: Record<string, unknown>; valueCents: number | null } {
  if (isEcommerceEvent(event))
    return { payload: { ...event.ecommerce }, valueCents: valueCents(event.ecommerce.value) };
  const { event: _name, ...rest } = event;
  return { payload: rest, valueCents: null };
}

/** The shop's one delivery method and one way to pay, as add_shipping_info and add_payment_info name them. */
const SHIPPING_TIER = "Standard";
const PAYMENT_TYPE = "Credit Card";

/** add_shipping_info: the checkout's lines and the delivery method. */
export function shippingInfoEvent(items: readonly AnalyticsItem[]): EcommerceEvent {
  return ecommerceEvent("add_shipping_info", items, { shipping_tier: SHIPPING_TIER });
}

/** add_payment_info: the checkout's lines and the way to pay. */
export function paymentInfoEvent(items: readonly AnalyticsItem[]): EcommerceEvent {
  return ecommerceEvent("add_payment_info", items, { payment_type: PAYMENT_TYPE });
}
