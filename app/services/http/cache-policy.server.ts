// Applies the cache policy (models/cache-policy.ts) to a response: entry.server.tsx
// calls it for every document and every `?_data=` answer, so no route writes its
// own Cache-Control for pages. A route may still declare an answer private (e.g.
// a draft preview); it can never make one public.
import { ADMIN_COOKIE_NAME } from "~/models/admin-path";
import { cachePolicy, declaresPrivate, isPublicPage } from "~/models/cache-policy";
import { cartIdCookie } from "~/services/commerce/index.server";
import { ACCESS_COOKIE_NAME } from "~/services/http/password-protect.server";
import { SESSION_COOKIE_NAME } from "~/services/http/session.server";

/**
 * Cookies that make a request personal: the session (token, zip, notices), the cart, and the
 * password-protect access (a locked shop shows its pages only to those who gave the password), and
 * the back-office session.
 * The consent cookie is not personal: it changes what renders (the banner, gated reviews) in
 * one of a few variants the same for everyone who chose alike, so the page cache keys shared
 * copies by `consentVariant` (docs/rules.md "Consent") instead of bypassing them. Any other
 * cookie (analytics) changes nothing the shop renders.
 */
const PERSONAL_COOKIES = new Set([SESSION_COOKIE_NAME, cartIdCookie.name, ACCESS_COOKIE_NAME, ADMIN_COOKIE_NAME]);

/** Whether a Cookie header carries a personal cookie (server.js's page cache asks this before rendering). */
export function isPersonalCookieHeader(header: string | null | undefined): boolean {
  if (!header) return false;
  return header.split(";").some((pair) => {
    const separator = pair.indexOf("=");
    return PERSONAL_COOKIES.has((separator < 0 ? pair : pair.slice(0, separator)).trim());
  });
}

/** Whether the request carries a personal cookie (a visitor who is no longer anonymous). */
export function carriesPersonalCookie(request: Request): boolean {
  return isPersonalCookieHeader(request.headers.get("Cookie"));
}

/**
 * Sets Cache-Control (and Vary: Cookie on public answers, so a shared cache
 * never hands the anonymous copy to a visitor with cookies) on `headers`.
 * `declared` are the headers the routes' loaders set (a private declaration wins).
 * Returns whether the answer is the same for everyone (public).
 */
export function applyCachePolicy(
  request: Request,
  response: { status: number; headers: Headers },
  input: { routeId: string | null; declared: (string | null)[] },
): boolean {
  const personalised =
    carriesPersonalCookie(request) || response.headers.has("Set-Cookie") || input.declared.some(declaresPrivate);
  const publicPage = isPublicPage({ routeId: input.routeId, method: request.method, status: response.status });
  const policy = cachePolicy({ personalised, publicPage });
  response.headers.set("Cache-Control", policy);
  if (!personalised && publicPage) response.headers.append("Vary", "Cookie");
  return !personalised && publicPage;
}
