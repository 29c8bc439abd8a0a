import { prisma } from "~/db.server";
import { isHomeDeliveryZip, parseZipRanges } from "~/models/zip";
import { email } from "~/services/email/index.server";
import { pricingFor } from "~/services/pricing/index.server";
import { payments } from "~/services/payment/index.server";
import { stock } from "~/services/stock/index.server";
import { createCheckouts } from "./checkout.server";

export { CheckoutError, type CheckoutState, type PlacedOrder } from "./checkout.server";
export { saveStep } from "./steps.server";

/** True when home delivery reaches the zip (stock service coverage, shop-core spec section 5). */
export async function zipCovered(zip: string): Promise<boolean> {
  const records = await stock.getCoverage("HOME");
  return isHomeDeliveryZip(zip, parseZipRanges(records.flatMap((r) => r.all_zips)));
}

/** The shop's checkout, on the embedded providers. */
export const checkouts = createCheckouts({ db: prisma, payments, email, pricing: pricingFor, zipCovered });
