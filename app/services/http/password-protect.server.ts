// Password protection: when the content's password-protect entry is on,
// every page asks for the password first. The first of the route guards (shop-core
// spec section 2 lists a first guard whose purpose is not shown).
import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { env } from "~/env.server";
import { encodeRedirect } from "~/models/redirect-param";
import type { SiteId } from "~/models/site";
import { content } from "~/services/content/index.server";
import { logger } from "~/services/observability/index.server";
import { secretMatches } from "~/utils/secrets.server";

export const PASSWORD_PATH = "/password-protect";
/** Pages reachable while the shop is locked: the password page itself and the maintenance page. */
const OPEN_PATHS = new Set([PASSWORD_PATH, "/maintenance"]);

/** The cookie that proves the password was given: a locked shop's pages differ with it (docs/rules.md "Cache policy"). */
export const ACCESS_COOKIE_NAME = "shop_access";
const accessCookie = createCookie(ACCESS_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.NODE_ENV === "production",
  maxAge: 30 * 24 * 60 * 60,
});

/** A token that proves the password was given; changing the password makes old tokens useless. */
function accessToken(site: SiteId, password: string): string {
  return crypto.createHmac("sha256", env.SESSION_SECRET).update(`${site}\n${password}`).digest("base64url");
}

/** The protection in force for a site: its password when on, else null. An entry without a password cannot lock. */
export async function activePassword(site: SiteId): Promise<string | null> {
  const settings = await content.getPasswordProtect(site);
  if (!settings?.enabled) return null;
  if (!settings.password) {
    logger().warn({ site }, "password protection is on but has no password: the shop stays open");
    return null;
  }
  return settings.password;
}

/** Whether this browser has given the site's current password. */
async function hasAccess(request: Request, site: SiteId, password: string): Promise<boolean> {
  const token = await accessCookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && secretMatches(token, accessToken(site, password));
}

/** Throws a redirect to the password page unless the shop is open or this browser has access. */
export async function runPasswordGuard(request: Request, site: SiteId): Promise<void> {
  const url = new URL(request.url);
  if (OPEN_PATHS.has(url.pathname)) return;
  const password = await activePassword(site);
  if (!password || (await hasAccess(request, site, password))) return;
  const back = `${url.pathname}${url.search}`;
  throw redirect(back === "/" ? PASSWORD_PATH : `${PASSWORD_PATH}?redirect=${encodeRedirect(back)}`);
}

/** Checks a password; on success, the Set-Cookie header that grants access. */
export async function unlock(site: SiteId, given: string): Promise<string | null> {
  const password = await activePassword(site);
  if (!password || !secretMatches(given, password)) return null;
  return accessCookie.serialize(accessToken(site, password));
}
