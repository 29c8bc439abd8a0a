// Checkout, delivery and returns: flat shipping below the free-shipping minimum, sales tax per
// state, the checkout's flags, the delivery estimate and the return window.
import { z } from "zod";
import { DEFAULT_TAX_RATES, parseTaxRates } from "~/models/tax";
import { flag, optional } from "./core.server";

export const checkoutFields = {
  SHIPPING_RATE_CENTS: optional(
    z.coerce.number({ invalid_type_error: "must be a number of cents" }).int("must be whole cents").min(0),
  ).transform((v) => v ?? 799),
  TAX_RATES: optional(
    z
      .string()
      .regex(
        /^\s*[A-Za-z]{2}\s*:\s*0?\.\d+\s*(,\s*[A-Za-z]{2}\s*:\s*0?\.\d+\s*)*$/,
        'must be a list such as "CO:0.029,CA:0.0725"',
      ),
  ).transform((v) => (v ? parseTaxRates(v) : DEFAULT_TAX_RATES)),
  FEE_FREE_CHECKOUT: flag(true),
  HAWAII_DELIVERY_DATE_HIDDEN: flag(true),
  // The shipping feature flag (shop-core spec section 7): /api/get-state-by-zipcode answers only while it is on.
  SHIPPING_FEATURE: flag(true),
  DELIVERY_BUSINESS_DAYS: optional(z.coerce.number().int().min(1, "must be 1 or more").max(30)).transform(
    (v) => v ?? 5,
  ),
  // Days after delivery that a shopper may ask to return lines (docs/rules.md "Returns").
  RETURN_WINDOW_DAYS: optional(z.coerce.number().int().min(0).max(365)).transform((v) => v ?? 30),
};
