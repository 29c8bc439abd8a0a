// Checkout's pure rules (catalogue spec sections 3, 4 and 9): order
// type, shipping location, checkout attributes, states and cards. Prices
// are `priceOrder`'s (app/models/pricing.ts). No I/O.

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
