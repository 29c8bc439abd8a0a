// The delivery line shown before checkout (catalogue spec section 7): "Estimated
// delivery {date} to {location}" for the shopper's stored zip (the default guest zip without
// one), or the fixed Hawaii message. The product page and the cart render it on the server, so
// it shows without JavaScript; GET /api/get-estimated-delivery-date answers the same line.
import { env } from "~/env.server";
import { deliveryEstimateMessage } from "~/models/checkout-forms";
import { pricingStateOf } from "~/models/order-pricing";
import { getLocation } from "~/services/http/index.server";

/** The shopper's delivery line as of `now`. Hawaii is read from the zip as pricing reads it (`pricingStateOf`). */
export async function deliveryEstimateFor(request: Request, now = new Date()): Promise<string> {
  const location = await getLocation(request);
  return deliveryEstimateMessage({
    now,
    businessDays: env.DELIVERY_BUSINESS_DAYS,
    userLocation: location.value,
    provinceCode: pricingStateOf(location.zip) ?? "",
    hawaiiFlag: env.HAWAII_DELIVERY_DATE_HIDDEN,
  });
}
