// Checkout's pure rules (catalogue spec sections 3, 4 and 9): order
// type, shipping location, checkout attributes, and server-side pricing.
// No I/O: the checkout service supplies rates and the cart.
import { autoshipUnitPriceCents, type CartLineView } from "./cart";
import { programDiscountCents } from "./staff-program";

/** The 50 US states plus DC (catalogue spec section 9). */
export const US_STATES: readonly { code: string; name: string }[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code, name }));

/** True for a state code of the list (upper case). */
export function isUsStateCode(code: string): boolean {
  return US_STATES.some((state) => state.code === code);
}

/** Sales org and order types (catalogue spec section 9). */
export const SALES_ORG = "USHD";
export const ORDER_TYPE_CLINIC = "ZK01";
export const ORDER_TYPE_DIRECT = "ZDTC";

/** States that carry the service charge, and its amount (catalogue spec section 9). */
export const SERVICE_CHARGE_STATES: readonly string[] = ["AK", "HI"];
export const SERVICE_CHARGE_CENTS = 400;

/** The first-autoship discount code (catalogue spec sections 5 and 9). */
export const AUTO35_CODE = "AUTO35";
/** AUTO35 takes 35% off the autoship lines of a first-purchase subscription order (the spec gives the code, not its terms). */
export const AUTO35_RATE = 0.35;

export type OrderType = "oneTimeOrder" | "firstPurchaseSubscription";
export type ShippingLocation = "ship_to_home" | "ship_to_work";

/** Catalogue spec section 4: firstPurchaseSubscription when any line has a selling plan. */
export function orderType(lines: readonly { sellingPlanId: string | null }[]): OrderType {
  return lines.some((line) => line.sellingPlanId !== null) ? "firstPurchaseSubscription" : "oneTimeOrder";
}

/**
 * Catalogue spec section 4: ship to work only when the clinic address is the
 * preferred address and the clinic is not home-delivery-only.
 */
export function shippingLocation(input: {
  preferredAddress: string | null | undefined;
  clinicHomeDeliveryOnly: boolean;
}): ShippingLocation {
  return input.preferredAddress === "clinic" && !input.clinicHomeDeliveryOnly ? "ship_to_work" : "ship_to_home";
}

export interface CheckoutAttributeInput {
  isClinicUser: boolean;
  soldTo: string | null;
  shipTo: string | null;
  workAddress: string | null;
  homeAddress: string | null;
  location: ShippingLocation;
  attestationChecked: boolean;
  donationTrackingId: string | null;
  lines: readonly { sellingPlanId: string | null }[];
  acceptsEmailMarketing: boolean;
}

/** The cart attributes set at checkout, in the spec's order (catalogue spec section 3). */
export function checkoutAttributes(input: CheckoutAttributeInput): { key: string; value: string }[] {
  return [
    { key: "SALES_ORG", value: SALES_ORG },
    { key: "SALES_ORD_TYPE", value: input.isClinicUser ? ORDER_TYPE_CLINIC : ORDER_TYPE_DIRECT },
    { key: "SOLD_TO", value: input.soldTo ?? "" },
    { key: "SHIP_TO", value: input.shipTo ?? "" },
    { key: "ship_to_work_address", value: input.workAddress ?? "" },
    { key: "ship_to_home_address", value: input.homeAddress ?? "" },
    { key: "is_clinic_address", value: String(input.location === "ship_to_work") },
    { key: "shipping_location", value: input.location },
    { key: "is_attestation_checked", value: String(input.attestationChecked) },
    { key: "donation_tracking_id", value: input.donationTrackingId ?? "" },
    { key: "sgOrderType", value: orderType(input.lines) },
    { key: "accepts_email_marketing", value: String(input.acceptsEmailMarketing) },
  ];
}

/** Rounds a fraction of cents half up to whole cents. */
const cents = (value: number) => Math.round(value + 1e-9);

export interface PricingInput {
  lines: readonly Pick<CartLineView, "id" | "quantity" | "unitPriceCents" | "sellingPlanId">[];
  /** Two-letter state of the shipping address. */
  state: string;
  discountCodes: readonly string[];
  freeShippingMinimumCents: number;
  /** Flat shipping below the free-shipping minimum. */
  shippingRateCents: number;
  /** Sales tax rate per state, e.g. { CO: 0.029 }; missing states pay none. */
  taxRates: Readonly<Record<string, number>>;
  /** Staff-feeding program discount, percent off the merchandise, for eligible members (shop-core spec section 6). */
  programDiscountPercent?: number;
}

export interface PricedOrder {
  lines: { id: string; unitPriceCents: number; subtotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  /** The program discount (staff-feeding eligible members), apart from codes. */
  programDiscountCents: number;
  /** Merchandise after every discount: what free shipping, tax and the staff quota count. */
  merchandiseCents: number;
  appliedCodes: string[];
  shippingCents: number;
  surchargeCents: number;
  taxCents: number;
  totalCents: number;
  orderType: OrderType;
}

/**
 * Prices an order on the server (catalogue spec section 9): autoship lines at 5% off;
 * AUTO35 on a first-purchase subscription order takes 35% off its autoship lines;
 * shipping is free at or above the free-shipping minimum (merchandise after
 * discounts), else the flat rate; Alaska and Hawaii add $4; sales tax applies to
 * the discounted merchandise by the shipping state. An eligible staff-feeding
 * member's program discount comes off the whole merchandise subtotal and
 * replaces AUTO35, a consumer offer (docs/decisions.md).
 */
export function priceOrder(input: PricingInput): PricedOrder {
  const lines = input.lines.map((line) => {
    const unitPriceCents =
      line.sellingPlanId !== null ? autoshipUnitPriceCents(line.unitPriceCents) : line.unitPriceCents;
    return { id: line.id, unitPriceCents, subtotalCents: unitPriceCents * line.quantity };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const type = orderType(input.lines);
  const codes = input.discountCodes.map((code) => code.trim().toUpperCase());
  const appliedCodes: string[] = [];
  let discountCents = 0;
  const programDiscount = programDiscountCents(subtotalCents, input.programDiscountPercent ?? 0);
  if (codes.includes(AUTO35_CODE) && type === "firstPurchaseSubscription" && programDiscount === 0) {
    const autoshipSubtotal = lines
      .filter((_, i) => input.lines[i].sellingPlanId !== null)
      .reduce((sum, line) => sum + line.subtotalCents, 0);
    discountCents = cents(autoshipSubtotal * AUTO35_RATE);
    appliedCodes.push(AUTO35_CODE);
  }
  const merchandiseCents = subtotalCents - discountCents - programDiscount;
  const shippingCents = merchandiseCents >= input.freeShippingMinimumCents ? 0 : input.shippingRateCents;
  const state = input.state.toUpperCase();
  const surchargeCents = SERVICE_CHARGE_STATES.includes(state) ? SERVICE_CHARGE_CENTS : 0;
  const taxCents = cents(merchandiseCents * (input.taxRates[state] ?? 0));
  return {
    lines,
    subtotalCents,
    discountCents,
    programDiscountCents: programDiscount,
    merchandiseCents,
    appliedCodes,
    shippingCents,
    surchargeCents,
    taxCents,
    totalCents: merchandiseCents + shippingCents + surchargeCents + taxCents,
    orderType: type,
  };
}

/** Luhn check of a card number (digits, spaces and dashes allowed). */
export function luhnValid(cardNumber: string): boolean {
  if (!/^[\d -]+$/.test(cardNumber)) return false;
  const digits = cardNumber.replace(/\D/g, "");
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True while a card's month/year expiry has not passed (valid through the end of that month). */
export function cardNotExpired(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear > now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
