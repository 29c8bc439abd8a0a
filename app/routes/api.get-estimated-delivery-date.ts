// GET /api/get-estimated-delivery-date (catalogue spec section 7): the date
// shown as "Estimated delivery {date} to {location}", where location is the
// zip part of the shopper's stored location.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { env } from "~/env.server";
import { deliveryEstimateMessage, estimatedDeliveryDate } from "~/models/checkout-forms";
import { getLocation } from "~/services/http/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const location = await getLocation(request);
  const now = new Date();
  const date = estimatedDeliveryDate(now, env.DELIVERY_BUSINESS_DAYS);
  return json(
    {
      date: date.toISOString().slice(0, 10),
      location: location.zip,
      message: deliveryEstimateMessage({
        now,
        businessDays: env.DELIVERY_BUSINESS_DAYS,
        userLocation: location.value,
        // Hawaii zips (967xx, 968xx) see the fixed message when the flag is on.
        provinceCode: /^96[78]/.test(location.zip) ? "HI" : "",
        hawaiiFlag: env.HAWAII_DELIVERY_DATE_HIDDEN,
      }),
    },
    { headers: { "Cache-Control": "private, max-age=300" } },
  );
}
