// Linking an outside OpenID Connect identity to a customer (docs/rules.md
// "OpenID identities"). OpenID Connect Core 1.0 section 5.7: only the pair
// (iss, sub) identifies an end-user; an email is never a key. So an email that
// matches an existing account never signs into it: linking needs an email the
// provider marks verified AND the customer proving the account with its
// password once.

/** What to do with a provider sign-in. */
export type LinkDecision =
  /** (issuer, subject) is already linked: sign into that customer. */
  | { kind: "sign-in"; customerId: string }
  /** Nobody in the user store has the email: a new customer, filled from the provider. */
  | { kind: "create" }
  /** A verified email matches an account: the customer must sign in with the password once to link. */
  | { kind: "prove-password"; customerId: string }
  /** An unverified email matches an account: refused, nothing is linked or signed in. */
  | { kind: "refuse-unverified" };

/** Decides a provider sign-in from the existing link and the account holding the provider's email. */
export function decideIdentityLink(input: {
  /** The customer already linked to (issuer, subject), if any. */
  linkedCustomerId: string | null;
  /** The customer of the account in the site's user store with the provider's email, if any. */
  emailAccountCustomerId: string | null;
  emailVerified: boolean;
}): LinkDecision {
  if (input.linkedCustomerId) return { kind: "sign-in", customerId: input.linkedCustomerId };
  if (!input.emailAccountCustomerId) return { kind: "create" };
  if (!input.emailVerified) return { kind: "refuse-unverified" };
  return { kind: "prove-password", customerId: input.emailAccountCustomerId };
}

/** How long a pending link waits for the password sign-in. */
export const PENDING_LINK_TTL_MS = 15 * 60 * 1000;

/** A provider identity waiting for its customer to sign in with the password (kept in the signed session). */
export interface PendingLink {
  store: string;
  issuer: string;
  subject: string;
  customerId: string;
  expiresAt: number;
}

/**
 * The pending link a password sign-in of `customerId` completes: only the very
 * customer whose account matched, and only before it expires; else null.
 */
export function pendingLinkFor(pending: unknown, customerId: string, now: number): PendingLink | null {
  if (typeof pending !== "object" || pending === null) return null;
  const link = pending as Record<string, unknown>;
  const strings = ["store", "issuer", "subject", "customerId"].every((k) => typeof link[k] === "string" && link[k]);
  if (!strings || typeof link.expiresAt !== "number") return null;
  if (link.customerId !== customerId || link.expiresAt <= now) return null;
  return {
    store: link.store as string,
    issuer: link.issuer as string,
    subject: link.subject as string,
    customerId,
    expiresAt: link.expiresAt,
  };
}
