// GET /api/get-estimated-delivery-date (catalogue spec section 7): the date
// shown as "Estimated delivery {date} to {location}", where location is the
// zip part of the shopper's stored location. Personalised: private, no-store.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { checkoutSettings, siteSettings } from "~/env.server";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { estimatedDeliveryDate } from "~/models/checkout-forms";
import { shopDay } from "~/models/shop-time";
import { getLocation } from "~/services/http/index.server";
import { deliveryEstimateFor } from "~/services/storefront/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const location = await getLocation(request);
  const now = new Date();
  const date = estimatedDeliveryDate(now, checkoutSettings.DELIVERY_BUSINESS_DAYS, siteSettings.SHOP_TIME_ZONE);
  return json(
    {
      // The day in the shop's time zone (docs/rules.md "Shop time").
      date: shopDay(date, siteSettings.SHOP_TIME_ZONE),
      location: location.zip,
      // The same line the product page and the cart show (Hawaii by the zip, as pricing reads it).
      message: await deliveryEstimateFor(request, now),
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
