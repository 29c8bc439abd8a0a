// The whole order's price (docs/rules.md "Pricing, discounts and shipping"): the merchandise of
// `priceLines` (app/models/pricing.ts) plus shipping, the Alaska/Hawaii service charge, tax and
// the shopper's donation. Apart from pricing.ts because the state comes from the shipping zip
// (zip-state.ts's table): the cart page, which prices only merchandise, never loads it.
import { shopperDonationCents } from "./donations";
import {
  cents,
  priceLines,
  SERVICE_CHARGE_CENTS,
  SERVICE_CHARGE_STATES,
  type PricedOrder,
  type PricingInput,
} from "./pricing";
import { stateOfZip } from "./zip-state";

/**
 * The state an order is taxed and charged by (docs/rules.md "Pricing, discounts and
 * shipping"): the state of the shipping address's zip (`stateOfZip`), never the state the
 * shopper typed, so "Honolulu, OR 96813" pays Hawaii's tax and service charge, an address
 * stored before the address forms checked the state prices right, and no other path can
 * price by a typed state. Null without a zip, or for a zip of no state (no tax, no charge).
 */
export function pricingStateOf(zip: string | null | undefined): string | null {
  return zip ? (stateOfZip(zip.trim().slice(0, 5))?.code ?? null) : null;
}

/**
 * Prices an order (catalogue spec section 9; docs/rules.md "Pricing, discounts and
 * shipping"): autoship lines at 5% off; an eligible member's program discount off
 * the whole merchandise; AUTO35 off the autoship lines when the shopper is offered
 * it and the order has an autoship line (never with a program discount). Free
 * shipping counts merchandise after every discount, leaving out lines of an excluded
 * product type and lines that cost nothing: at or above the minimum shipping is free,
 * else the flat rate. Alaska and Hawaii add $4; sales tax applies to the discounted
 * merchandise by the state of the shipping zip (`pricingStateOf`). Last, the shopper's own donation: a round-up to
 * the next dollar of everything before it (a whole-dollar total gives one more dollar),
 * or an add-on amount; it takes no tax, discount or free-shipping credit.
 */
export function priceOrder(input: PricingInput): PricedOrder {
  const merchandise = priceLines(input);
  const { merchandiseCents, freeShipping } = merchandise;
  const shippingCents = freeShipping.reached ? 0 : input.shippingRateCents;
  const state = pricingStateOf(input.shipToZip);
  const surchargeCents = state && SERVICE_CHARGE_STATES.includes(state) ? SERVICE_CHARGE_CENTS : 0;
  const taxCents = state ? cents(merchandiseCents * (input.taxRates[state] ?? 0)) : 0;
  const beforeDonationCents = merchandiseCents + shippingCents + surchargeCents + taxCents;
  const extra = input.shopperDonation ?? null;
  const shopperDonation = shopperDonationCents(extra, beforeDonationCents);
  return {
    ...merchandise,
    shippingCents,
    surchargeCents,
    taxCents,
    shopperDonationCents: shopperDonation,
    shopperDonationKind: shopperDonation > 0 && extra ? extra.kind : null,
    totalCents: beforeDonationCents + shopperDonation,
  };
}
