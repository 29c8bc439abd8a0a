// Multipass links (catalogue spec section 7, POST /api/multipass; docs/rules.md "Multipass
// links"): when a link still signs in, and what arriving with one does. The service
// (app/services/sign-in/multipass.server.ts) stores the links and uses them once.
import { z } from "zod";

/** How long a multipass URL works after it is made. */
export const MULTIPASS_TTL_MS = 2 * 60_000;

/** A stored link and the session that asked for it, as far as the rule needs them. */
export interface MultipassLinkState {
  site: string;
  expiresAt: Date;
  usedAt: Date | null;
  session: { revokedAt: Date | null; expiresAt: Date };
}

/**
 * Whether a link still signs in on `site` at `at`: made for this site, never used, not
 * expired (it works until `expiresAt`, exclusive), and the session that asked for it still
 * lives (not signed out, rotated, revoked by a password change, or expired).
 */
export function multipassUsable(link: MultipassLinkState, site: string, at: Date): boolean {
  return (
    link.site === site &&
    link.usedAt === null &&
    link.expiresAt > at &&
    link.session.revokedAt === null &&
    link.session.expiresAt > at
  );
}

/**
 * What arriving with a usable link does: a guest, or the link's own customer, is signed in
 * at once; a shopper signed in as another customer is asked first (login CSRF: a link must
 * never move a signed-in shopper into someone else's account unasked).
 */
export function multipassArrival(signedInCustomerId: string | null, linkCustomerId: string): "sign-in" | "ask" {
  return signedInCustomerId === null || signedInCustomerId === linkCustomerId ? "sign-in" : "ask";
}

/** The "continue as the link's customer" form of the page that asks (a POST: the same-origin guard covers it). */
export const MultipassSwitchSchema = z.object({
  intent: z.literal("switch", { errorMap: () => ({ message: "Choose an account to continue with." }) }),
});
