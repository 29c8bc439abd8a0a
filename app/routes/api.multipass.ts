// POST /api/multipass { getURL?, email, checkoutUrl, sessionToken? } → { url } (catalogue
// spec section 7): a short-lived URL that signs the signed-in customer in on another
// device or tab and continues to their checkout. Only for the customer's own email. The
// caller is the session cookie's customer or the `sessionToken` of the body, like the
// other signed-in calls; the link is bound to that session and works once
// (docs/rules.md "Multipass links").
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { isLocalPath } from "~/models/redirect-param";
import { handOff, type HandOff } from "~/services/checkout/index.server";
import { customers } from "~/services/customers/index.server";
import { multipassLinks, MULTIPASS_TTL_MS } from "~/services/sign-in/index.server";
import { getSite, publicOrigin } from "~/services/site/index.server";
import { readSignedInBody } from "~/utils/api-auth.server";
import { apiError, methodNotAllowed, NO_STORE, requireMethod } from "~/utils/api.server";
import { requireApiBudget } from "~/utils/rate-limit.server";

const MultipassSchema = z.object({
  getURL: z.boolean().optional(),
  email: z.string().trim().toLowerCase().email("Enter an email address."),
  checkoutUrl: z.string().trim().min(1, "Give the checkout URL.").max(2000),
});

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiBudget("token-api", context);
  const { customerId, sessionToken, body } = await readSignedInBody(request, MultipassSchema);
  const own = await customers.ownsEmail(customerId, body.email);
  if (handOff) return platformMultipass(handOff, customerId, own, body.checkoutUrl);
  const origin = publicOrigin(getSite(request));
  let path: string;
  try {
    const target = new URL(body.checkoutUrl, origin);
    path = target.origin === origin ? `${target.pathname}${target.search}` : "";
  } catch {
    path = "";
  }
  if (!isLocalPath(path)) {
    return apiError(400, "INVALID_INPUT", "checkoutUrl must be a URL of this shop.", {
      checkoutUrl: "Use a URL of this shop.",
    });
  }
  if (!own) return notYourEmail();
  const token = await multipassLinks.create({ sessionToken, site: getSite(request), path });
  return json(
    { url: `${origin}/multipass/${token}`, expiresInSeconds: MULTIPASS_TTL_MS / 1000 },
    { headers: NO_STORE },
  );
}

const notYourEmail = () =>
  apiError(403, "FORBIDDEN", "A multipass URL is only for your own account.", { email: "Not your email." });

/**
 * On a platform with its own checkout (Shopify) the checkout URL is the platform's (a cart's
 * checkoutUrl): the answer signs the customer in there and goes on to it (Shopify's Multipass
 * when the store has a secret, else the URL itself; docs/decisions.md "Checkout hand-off on Shopify").
 * Shopify takes a token only a short time after it was made; the answer promises what the shop's
 * own links do.
 */
async function platformMultipass(handOff: HandOff, customerId: string, own: boolean, checkoutUrl: string) {
  let url: URL | null = null;
  try {
    url = new URL(checkoutUrl);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    return apiError(400, "INVALID_INPUT", "checkoutUrl must be the cart's checkout URL.", {
      checkoutUrl: "Use the cart's checkoutUrl.",
    });
  }
  if (!own) return notYourEmail();
  return json(
    { url: await handOff.signedInUrl(customerId, url.href), expiresInSeconds: MULTIPASS_TTL_MS / 1000 },
    { headers: NO_STORE },
  );
}
