// The back-office session cookie and the one check in front of every /admin loader and action
// (docs/rules.md "Back office"): `requireAdmin(request, permission)` answers the signed-in user,
// sends a visitor to the sign-in page, and refuses a role without the permission with a 403.
import { createCookie, json, redirect } from "@remix-run/node";
import { serverSettings, sessionSettings } from "~/env.server";
import { ADMIN_COOKIE_NAME, can, ROLE_LABELS, type Permission } from "~/models/admin-roles";
import { encodeRedirect } from "~/models/redirect-param";
import type { AdminIdentity, AdminUsers } from "./admin-users.server";

export { ADMIN_COOKIE_NAME };

/** Signed, httpOnly, SameSite=Strict and only for /admin; it ends with the browser session. */
export const adminCookie = createCookie(ADMIN_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "strict",
  secure: serverSettings.NODE_ENV === "production",
  path: "/admin",
  secrets: [sessionSettings.SESSION_SECRET],
});

export const ADMIN_LOGIN_PATH = "/admin/login";

/** The headers of every /admin answer: personal, never stored. */
export const ADMIN_NO_STORE = { "Cache-Control": "private, no-store" } as const;
const NO_STORE = ADMIN_NO_STORE;

export function createAdminSessions(users: AdminUsers) {
  const resolved = new WeakMap<Request, Promise<AdminIdentity | null>>();

  async function tokenOf(request: Request): Promise<string | null> {
    const value: unknown = await adminCookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && value ? value : null;
  }

  /** The signed-in back-office user of a request, or null; read once per request. */
  function getAdmin(request: Request): Promise<AdminIdentity | null> {
    let pending = resolved.get(request);
    if (!pending) {
      pending = tokenOf(request).then((token) => (token ? users.resolveSession(token) : null));
      resolved.set(request, pending);
    }
    return pending;
  }

  return {
    getAdmin,

    /**
     * The signed-in user when their role holds `permission`. A visitor goes to the sign-in page
     * (back here after); a signed-in user without the permission gets a 403 that names their role.
     */
    async requireAdmin(request: Request, permission: Permission | null): Promise<AdminIdentity> {
      const admin = await getAdmin(request);
      if (!admin) {
        const url = new URL(request.url);
        throw redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeRedirect(`${url.pathname}${url.search}`)}`, {
          headers: NO_STORE,
        });
      }
      if (permission && !can(admin.role, permission)) {
        throw json(
          { message: `Your role (${ROLE_LABELS[admin.role]}) cannot do this. Ask an owner if you need it.` },
          { status: 403, headers: NO_STORE },
        );
      }
      return admin;
    },

    /** The Set-Cookie header of a new session. */
    async signInCookie(adminUserId: string): Promise<string> {
      return adminCookie.serialize(await users.createSession(adminUserId));
    },

    /** Ends the request's session; the Set-Cookie header that clears the cookie. */
    async signOutCookie(request: Request): Promise<string> {
      const token = await tokenOf(request);
      if (token) await users.revokeSession(token);
      return adminCookie.serialize("", { maxAge: 0 });
    },
  };
}
