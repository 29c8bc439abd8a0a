// Who keeps the shopper's password (docs/decisions.md "Shopify customers"): the embedded identity
// provider, or on Shopify the Shopify store. Registering, changing the password and "forgot
// password" go to whichever holds it; the routes ask here and never choose.
import { REFUSED_SIGN_IN_MESSAGE } from "~/models/lockout";
import type { SiteId } from "~/models/site";
import { shopifyCustomers } from "~/services/customers/index.server";
import { identity, requestPasswordReset, userStoreFor, type NewAccount } from "~/services/identity/index.server";

/**
 * What a refused sign-in says: one answer for every reason, naming the lockout only where the shop
 * locks accounts (Shopify throttles sign-ins its own way).
 */
export const refusedSignInMessage = (): string =>
  shopifyCustomers ? "That email and password do not match an account." : REFUSED_SIGN_IN_MESSAGE;

/**
 * A password sign-in where passwords are kept: the embedded identity provider (with its lockout),
 * or on Shopify the store. A refusal carries no reason (docs/rules.md "One answer for a refused sign-in").
 */
export async function signInWithPassword(
  site: SiteId,
  email: string,
  password: string,
): Promise<{ ok: true; customerId: string } | { ok: false }> {
  if (shopifyCustomers) return shopifyCustomers.signIn({ site, email, password });
  return identity.signIn({ store: userStoreFor(site), email, password });
}

export type RegisterAccountResult = { ok: true; customerId: string } | { ok: false; reason: "email-taken" };

/** A new account where passwords are kept; "email-taken" when that email already has one. */
export async function registerAccount(input: NewAccount): Promise<RegisterAccountResult> {
  if (shopifyCustomers) return shopifyCustomers.register(input);
  const result = await identity.register(input);
  return result.ok ? result : { ok: false, reason: "email-taken" };
}

/**
 * A new password after the current one checks out; false when it does not. On the embedded
 * provider the customer's other sessions end, `keepToken`'s stays.
 */
export async function changeAccountPassword(
  customerId: string,
  current: string,
  next: string,
  keepToken?: string,
): Promise<boolean> {
  if (shopifyCustomers) return shopifyCustomers.changePassword(customerId, current, next);
  return identity.changePassword(customerId, current, next, keepToken);
}

/** "Forgot password": the reset link is emailed when the address has an account (by us, or on Shopify by Shopify). */
export async function requestAccountPasswordReset(site: SiteId, email: string): Promise<void> {
  if (shopifyCustomers) return shopifyCustomers.requestPasswordReset(email);
  return requestPasswordReset(site, email);
}
