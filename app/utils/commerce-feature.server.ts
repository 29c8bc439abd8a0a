// The one guard of the screens the commerce provider does not offer (docs/rules.md "Turned off on
// Shopify"): every loader and action of such a screen calls it after its sign-in or role check,
// so a page, its `?_data=` and a direct post are answered alike and nothing is read or changed.
import { json } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { TURNED_OFF, type CommerceFeature } from "~/models/commerce-features";
import { features } from "~/services/commerce/index.server";

/** Throws the feature's refusal (`TURNED_OFF`: 409 in the back office, 404 in the account) when it is off. */
export function requireCommerceFeature(feature: Exclude<CommerceFeature, "embeddedCheckout">): void {
  if (features[feature]) return;
  const { status, message } = TURNED_OFF[feature];
  throw json({ message }, { status, headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
