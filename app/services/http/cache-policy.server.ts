// Applies the cache policy (models/cache-policy.ts) to a response: entry.server.tsx
// calls it for every document and every `?_data=` answer, so no route writes its
// own Cache-Control for pages. A route may still declare an answer private (e.g.
// a draft preview); it can never make one public.
import { cachePolicy, declaresPrivate, isPublicPage } from "~/models/cache-policy";
import { cartIdCookie } from "~/services/commerce/index.server";
import { SESSION_COOKIE_NAME } from "~/services/http/session.server";

/** Cookies that make a request personal: the session (token, zip, notices) and the cart. */
const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, cartIdCookie.name];

/** Whether the request carries a session or cart cookie (a visitor who is no longer anonymous). */
export function carriesPersonalCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header
    .split(";")
    .map((pair) => pair.trim().split("=")[0])
    .some((name) => PERSONAL_COOKIES.includes(name));
}

/**
 * Sets Cache-Control (and Vary: Cookie on public answers, so a shared cache
 * never hands the anonymous copy to a visitor with cookies) on `headers`.
 * `declared` are the headers the routes' loaders set (a private declaration wins).
 */
export function applyCachePolicy(
  request: Request,
  response: { status: number; headers: Headers },
  input: { routeId: string | null; declared: (string | null)[] },
): void {
  const personalised =
    carriesPersonalCookie(request) || response.headers.has("Set-Cookie") || input.declared.some(declaresPrivate);
  const publicPage = isPublicPage({ routeId: input.routeId, method: request.method, status: response.status });
  const policy = cachePolicy({ personalised, publicPage });
  response.headers.set("Cache-Control", policy);
  if (!personalised && publicPage) response.headers.append("Vary", "Cookie");
}
