import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { isHomeDeliveryZip, parseZipRanges } from "~/models/zip";
import type { SiteId } from "~/models/site";
import { getGlobals } from "~/services/content/index.server";
import { email } from "~/services/email/index.server";
import { payments } from "~/services/payment/index.server";
import { stock } from "~/services/stock/index.server";
import { createCheckouts } from "./checkout.server";

export { CheckoutError, type CheckoutState, type PlacedOrder } from "./checkout.server";

/** Pricing for a site: the free-shipping minimum from content, shipping and tax from configuration. */
export async function pricingFor(site: string) {
  const globals = await getGlobals(site as SiteId);
  return {
    freeShippingMinimumCents: globals.freeShippingMinimumCents,
    shippingRateCents: env.SHIPPING_RATE_CENTS,
    taxRates: env.TAX_RATES,
  };
}

/** True when home delivery reaches the zip (stock service coverage, shop-core spec section 5). */
export async function zipCovered(zip: string): Promise<boolean> {
  const records = await stock.getCoverage("HOME");
  return isHomeDeliveryZip(zip, parseZipRanges(records.flatMap((r) => r.all_zips)));
}

/** The shop's checkout, on the embedded providers. */
export const checkouts = createCheckouts({ db: prisma, payments, email, pricing: pricingFor, zipCovered });
