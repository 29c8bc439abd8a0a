import { prisma } from "~/db.server";
import { donations } from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { pricingFor } from "~/services/pricing/index.server";
import { payments } from "~/services/payment/index.server";
import { stock } from "~/services/stock/index.server";
import { createCheckouts } from "./checkout.server";

export { CheckoutError, type CheckoutState, type PlacedOrder } from "./checkout.server";
export { saveStep } from "./steps.server";

/** True when home delivery reaches the zip (stock service coverage, shop-core spec section 5). */
export function zipCovered(zip: string): Promise<boolean> {
  return stock.coversZip(zip);
}

/** The shop's checkout, on the embedded providers. */
export const checkouts = createCheckouts({
  db: prisma,
  payments,
  email,
  pricing: pricingFor,
  zipCovered,
  donations,
});
