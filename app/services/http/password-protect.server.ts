// Password protection: when the content's password-protect entry is on, the shop asks
// for the password first. The first of the route guards (shop-core spec section 2 lists a
// first guard whose purpose is not shown), applied to every kind of request by the
// site-access gate (`siteGate`, app/services/access/; docs/rules.md "Site access").
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { serverSettings, sessionSettings } from "~/env.server";
import type { SiteId } from "~/models/site";
import { content } from "~/services/content/index.server";
import { logger } from "~/services/observability/index.server";
import { secretMatches } from "~/utils/secrets.server";

/** The cookie that proves the password was given: a locked shop's pages differ with it (docs/rules.md "Cache policy"). */
export const ACCESS_COOKIE_NAME = "shop_access";
const accessCookie = createCookie(ACCESS_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: serverSettings.NODE_ENV === "production",
  maxAge: 30 * 24 * 60 * 60,
});

/** A token that proves the password was given; changing the password makes old tokens useless. */
function accessToken(site: SiteId, password: string): string {
  return crypto.createHmac("sha256", sessionSettings.SESSION_SECRET).update(`${site}\n${password}`).digest("base64url");
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

/** Whether a browser with this Cookie header has given the site's current password. */
async function hasAccess(cookieHeader: string | null, site: SiteId, password: string): Promise<boolean> {
  const token = await accessCookie.parse(cookieHeader);
  return typeof token === "string" && secretMatches(token, accessToken(site, password));
}

/** True while password protection is on for the site and this browser has not given the password. */
export async function isLockedFor(site: SiteId, cookieHeader: string | null): Promise<boolean> {
  const password = await activePassword(site);
  return password !== null && !(await hasAccess(cookieHeader, site, password));
}

/** Checks a password; on success, the Set-Cookie header that grants access. */
export async function unlock(site: SiteId, given: string): Promise<string | null> {
  const password = await activePassword(site);
  if (!password || !secretMatches(given, password)) return null;
  return accessCookie.serialize(accessToken(site, password));
}
