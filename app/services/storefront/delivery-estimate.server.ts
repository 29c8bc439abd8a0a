// The delivery line shown before checkout (catalogue spec section 7): "Estimated
// delivery {date} to {location}" for the shopper's stored zip (the default guest zip without
// one), or the fixed Hawaii message. The product page and the cart render it on the server, so
// it shows without JavaScript; GET /api/get-estimated-delivery-date answers the same line.
import { checkoutSettings, siteSettings } from "~/env.server";
import { deliveryEstimateMessage } from "~/models/checkout-forms";
import { pricingStateOf } from "~/models/order-pricing";
import { getLocation } from "~/services/http/index.server";

/**
 * The delivery line to `zip` as of `now`: the one place that reads the shop's business days and
 * Hawaii setting for it. Hawaii is read from the zip as pricing reads it (`pricingStateOf`);
 * `inCheckout` picks the Hawaii wording for a shopper already in checkout.
 */
export function deliveryLineForZip(
  zip: string,
  { now = new Date(), userLocation = `${zip}::HOME`, inCheckout = false }: DeliveryLineOptions = {},
): string {
  return deliveryEstimateMessage({
    now,
    businessDays: checkoutSettings.DELIVERY_BUSINESS_DAYS,
    timeZone: siteSettings.SHOP_TIME_ZONE,
    userLocation,
    provinceCode: pricingStateOf(zip) ?? "",
    hawaiiFlag: checkoutSettings.HAWAII_DELIVERY_DATE_HIDDEN,
    inCheckout,
  });
}

interface DeliveryLineOptions {
  now?: Date;
  /** The location as the shopper's cookie holds it ("{zip}::{type}"); the line names its first part. */
  userLocation?: string;
  inCheckout?: boolean;
}

/** The shopper's delivery line as of `now`, for the zip of their location. */
export async function deliveryEstimateFor(request: Request, now = new Date()): Promise<string> {
  const location = await getLocation(request);
  return deliveryLineForZip(location.zip, { now, userLocation: location.value });
}
