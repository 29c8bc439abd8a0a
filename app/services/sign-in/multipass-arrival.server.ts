// Arriving by a multipass URL (docs/rules.md "Multipass links"): a guest, or the link's own
// customer, is signed in at once and continues to the link's path; a shopper signed in as
// another customer is asked first (`multipassArrival`), and only a post of the page's form
// switches accounts. A link that no longer works goes to the cart with a notice.
import { redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { multipassArrival } from "~/models/multipass";
import { commitNotice, getSignedIn } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { signInAndRedirect } from "./auth.server";
import { createMultipassLinks } from "./multipass.server";

/** The shop's multipass links. */
export const multipassLinks = createMultipassLinks(prisma);

/** The words of a link that no longer works (used, expired, its session ended, another site's). */
export const MULTIPASS_EXPIRED_MESSAGE = "That sign-in link has expired. Sign in to continue to checkout.";

/** An account as the page that asks names it. */
export interface AccountLabel {
  email: string;
  firstName: string;
}

/** The page that asks: who the shopper is signed in as, and whom the link signs in. */
export interface SwitchQuestion {
  current: AccountLabel;
  next: AccountLabel;
}

/** To the cart, saying the link no longer works. */
export async function expiredMultipass(request: Request): Promise<Response> {
  return redirect("/cart", {
    headers: await commitNotice(request, { tone: "error", message: MULTIPASS_EXPIRED_MESSAGE }),
  });
}

async function labelOf(customerId: string): Promise<AccountLabel> {
  return prisma.customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { email: true, firstName: true },
  });
}

/**
 * A GET of a multipass URL: the answer when the link signs in at once or no longer works,
 * else the question to ask (nothing is used or written then).
 */
export async function arriveWithMultipass(request: Request, token: string): Promise<Response | SwitchQuestion> {
  const site = getSite(request);
  const target = await multipassLinks.peek(token, site);
  if (!target) return expiredMultipass(request);
  const signedIn = await getSignedIn(request);
  if (multipassArrival(signedIn?.customerId ?? null, target.customerId) === "sign-in" || !signedIn) {
    return (await switchWithMultipass(request, token)) ?? expiredMultipass(request);
  }
  const [current, next] = await Promise.all([labelOf(signedIn.customerId), labelOf(target.customerId)]);
  return { current, next };
}

/**
 * Uses the link and signs its customer in (the browser's earlier session revoked, as at every
 * sign-in); null when the link no longer works, so the caller answers in its own way.
 */
export async function switchWithMultipass(request: Request, token: string): Promise<Response | null> {
  const used = await multipassLinks.redeem(token, getSite(request));
  return used ? signInAndRedirect(request, used.customerId, used.path) : null;
}
