// Links in emails (docs/rules.md "Public origins"): absolute URLs on the site's
// configured public origin, never the Host header of the request that caused them.
import { storedSite, type SiteId } from "~/models/site";
import { publicUrl } from "~/services/site/index.server";

/** Where an order is seen: My Order Details for a customer's order, the shop for a guest's. */
export function orderLink(order: { id: string; site: string; customerId: string | null }): string {
  return publicUrl(storedSite(order.site), order.customerId ? `/account/orders/${encodeURIComponent(order.id)}` : "/");
}

/** My Autoship on the customer's site. */
export function autoshipsLink(site: string): string {
  return publicUrl(storedSite(site), "/account/autoships");
}

/** The one-use password-reset page for a token. */
export function passwordResetLink(site: SiteId, token: string): string {
  return publicUrl(site, `/shelter/reset-password?token=${encodeURIComponent(token)}`);
}

/** Payment Methods on the customer's site: where a declined or expiring card is updated (docs/rules.md "Saved cards"). */
export function paymentMethodsLink(site: string): string {
  return publicUrl(storedSite(site), "/account/payment-methods");
}
