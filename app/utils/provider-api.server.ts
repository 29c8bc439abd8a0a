// The spec's calls whose path names the commerce provider (shop-core spec section 7:
// /api/ecom/v1.0/get-{provider}-customer, -orders, -last-order, -order). Each provider's paths
// answer only while that provider is in use (another provider's are 404, as a path that does
// not exist), so a client always asks the platform that holds the account.
import type { CommerceProviderId } from "~/models/commerce-features";
import { commerceSettings } from "~/services/commerce/index.server";
import { notFound } from "~/utils/api.server";

/** Throws 404 unless `provider` is the commerce provider in use. */
export function requireProviderPath(provider: CommerceProviderId): void {
  if (commerceSettings.COMMERCE_PROVIDER !== provider) throw notFound("There is no such call on this shop.");
}
