// Sign-in and sign-out (shop-core spec section 4), with remix-auth: a form strategy over the
// embedded identity provider (DTC against the "home" user store, staff against
// "staff"). Signing in rotates the session token, merges the guest cart into
// the saved cart, and redirects; signing out revokes the token and clears the
// session and cart cookies.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SignInSchema } from "~/models/sign-in";
import { sitePolicy } from "~/models/site-policy";
import { cartIdCookie, readCartId } from "~/services/commerce/index.server";
import {
  cartAfterSignIn,
  flashNotice,
  getCustomerId,
  getSession,
  idTokenOf,
  sessionStorage,
  sessionTokenOf,
  setIdToken,
  setMemberLocation,
  setSessionToken,
  type Notice,
  isSpam,
  SPAM_MESSAGE,
  rateLimits,
  retryAfterHeaders,
} from "~/services/http/index.server";
import { shopifyCustomers } from "~/services/customers/index.server";
import { identity } from "~/services/identity/index.server";
import { refusedSignInMessage, signInWithPassword } from "./accounts.server";
import { completePendingLink, endSessionUrl, providerName } from "~/services/sign-in/oidc.server";
import { getSite } from "~/services/site/index.server";
import { onboardMember } from "~/services/staff/index.server";

export { SignInSchema };

/** A refused sign-in: the message is shown on the form. */
export class SignInError extends Error {
  constructor(
    message: string,
    /** What was posted, so the form can be shown again with it (never the password). */
    readonly form: FormData,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "SignInError";
  }
}

export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = SignInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      throw new SignInError(
        "Check the highlighted fields.",
        form,
        parsed.error.flatten().fieldErrors as Record<string, string[]>,
      );
    }
    const result = await signInWithPassword(getSite(request), parsed.data.email, parsed.data.password);
    if (result.ok) return result.customerId;
    // One answer for an unknown email, a wrong password and a locked account (docs/rules.md
    // "One answer for a refused sign-in").
    throw new SignInError(refusedSignInMessage(), form);
  }),
  "form",
);

/**
 * Signs the customer in and redirects (create-customer-token): a new session
 * with a new token (an earlier one is revoked: tokens rotate at sign-in), and
 * the guest cart merged into the saved cart (shop-core spec section 4), and on
 * the staff site the member onboarded (docs/rules.md "Staff onboarding"). After an
 * OpenID Connect sign-in the session keeps the ID token for RP-initiated logout.
 */
export async function signInAndRedirect(
  request: Request,
  customerId: string,
  to: string,
  notice?: Notice,
  idToken?: string,
): Promise<Response> {
  const site = getSite(request);
  const previous = sessionTokenOf(await getSession(request));
  if (previous) await identity.revokeSession(previous, "rotated");
  const session = await sessionStorage.getSession();
  setSessionToken(session, await identity.createSession(customerId, site));
  if (idToken) setIdToken(session, idToken);
  if (sitePolicy(site).staffProgram) {
    const location = await onboardMember(customerId);
    if (location) setMemberLocation(session, location);
  }
  const { cartId, notices } = await cartAfterSignIn({ site, customerId, guestCartId: await readCartId(request) });
  const message = [notice?.message, ...notices.map((n) => n.message)].filter(Boolean).join(" ");
  if (message) flashNotice(session, { tone: notice?.tone ?? "info", message });
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  headers.append(
    "Set-Cookie",
    cartId ? await cartIdCookie.serialize(cartId) : await cartIdCookie.serialize("", { maxAge: 0 }),
  );
  return redirect(to, { headers });
}

export type SignOutReason = "logout" | "inactivity";

/**
 * Signs out (shop-core spec section 4): the token is revoked, the session and
 * the cart cookie cleared, then home. After inactivity the sign-in page says why.
 * A session signed in through the OpenID Connect provider is also ended there
 * (RP-initiated logout), which sends the browser back home.
 */
export async function signOutAndRedirect(request: Request, reason: SignOutReason = "logout"): Promise<Response> {
  const old = await getSession(request);
  const token = sessionTokenOf(old);
  const customerId = shopifyCustomers ? await getCustomerId(request) : null;
  if (token) await identity.revokeSession(token, reason);
  // On Shopify the customer's token goes with their last session (docs/decisions.md "Shopify customers").
  if (customerId) await shopifyCustomers?.signedOutOfSession(customerId);
  const idToken = idTokenOf(old);
  const providerLogout = idToken && reason === "logout" ? await endSessionUrl(getSite(request), idToken) : null;
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionStorage.destroySession(old));
  headers.append("Set-Cookie", await cartIdCookie.serialize("", { maxAge: 0 }));
  if (reason === "inactivity") {
    const session = await sessionStorage.getSession();
    session.flash("loggedOutForInactivity", true);
    headers.set("Set-Cookie", await sessionStorage.commitSession(session));
    headers.append("Set-Cookie", await cartIdCookie.serialize("", { maxAge: 0 }));
    return redirect("/shelter/login", { headers });
  }
  return redirect(providerLogout ?? "/", { headers });
}

/** Sign-in posts per client address per minute (the registry's "sign-in" budget); the next one is refused with 429. */
export const SIGN_IN_LIMIT_PER_MINUTE = rateLimits.budgets["sign-in"].limit;

/** Counts a sign-in attempt from an address; false once it is over the limit for the last minute. */
export async function allowSignInAttempt(clientIp: string, now = Date.now()): Promise<boolean> {
  return (await rateLimits.attempt("sign-in", clientIp, now)).allowed;
}

/** The client address Express saw (server.js puts it in the load context). */
export const clientIpOf = (context: AppLoadContext) =>
  typeof context.clientIp === "string" ? context.clientIp : "unknown";

/**
 * A refused sign-in as the page answers it (`replyWith` in the route): the form posted, its
 * status and the errors of the form and its fields.
 */
export interface SignInRefusal {
  form: FormData;
  status: 400 | 401 | 429;
  formErrors: string[];
  fieldErrors?: Record<string, string[]>;
  headers?: HeadersInit;
}

/**
 * The sign-in form's action, shared by every sign-in page: rate limit per
 * address (429), honeypot, credentials, then sign in and go to `target` (a
 * redirect). A refusal is returned for the page to answer with the form's reply.
 */
export async function signInAction(
  request: Request,
  context: AppLoadContext,
  target: string,
): Promise<Response | SignInRefusal> {
  const form = await request.clone().formData();
  const verdict = await rateLimits.attempt("sign-in", clientIpOf(context));
  if (!verdict.allowed) {
    return { form, status: 429, formErrors: [verdict.message], headers: retryAfterHeaders(verdict) };
  }
  if (isSpam(form)) return { form, status: 400, formErrors: [SPAM_MESSAGE] };
  try {
    const customerId = await authenticator.authenticate("form", request);
    // A provider identity waiting for this customer's password proof is linked now.
    const linked = await completePendingLink(request, customerId);
    return await signInAndRedirect(
      request,
      customerId,
      target,
      linked ? { tone: "success", message: `Your ${providerName} account is now linked to this account.` } : undefined,
    );
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    const status = Object.keys(error.fieldErrors).length ? 400 : 401;
    return { form: error.form, status, formErrors: [error.message], fieldErrors: error.fieldErrors };
  }
}
