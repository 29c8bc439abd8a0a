// The back office's users, sessions and role check (docs/rules.md "Back office"). Every /admin
// loader and action starts with `requireAdmin(request, permission)`; the changes themselves are
// made by the services that own the data, each writing its audit entry in its own transaction.
import { redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import type { Notice } from "~/models/notice";
import { features } from "~/services/commerce/index.server";
import { commitNotice } from "~/services/http/index.server";
import type { AdminRole } from "~/models/admin-roles";
import { createAdminUsers } from "./admin-users.server";
import { inboxFor, type InboxItem } from "./inbox.server";
import { createAdminSessions } from "./session.server";

export {
  AdminUserError,
  createAdminUsers,
  MIN_ADMIN_PASSWORD_LENGTH,
  type AdminIdentity,
  type AdminSignInResult,
  type AdminUsers,
  type AdminUserView,
} from "./admin-users.server";
export { ADMIN_COOKIE_NAME, ADMIN_LOGIN_PATH, ADMIN_NO_STORE, adminCookie } from "./session.server";
import { ADMIN_NO_STORE } from "./session.server";

export type { InboxItem };

export const adminUsers = createAdminUsers(prisma);

/** What waits for a role: the home page's counts (none for the screens the commerce provider does instead). */
export const adminInbox = (role: AdminRole): Promise<InboxItem[]> => inboxFor(prisma, role, features);
const sessions = createAdminSessions(adminUsers);

export const getAdmin = sessions.getAdmin;
export const requireAdmin = sessions.requireAdmin;
export const adminSignInCookie = sessions.signInCookie;
export const adminSignOutCookie = sessions.signOutCookie;

/**
 * The answer of a back-office form that worked, or was refused, without JavaScript: back to `to`
 * with a one-time notice the page shows (the root renders it), never cached.
 */
export async function backWithNotice(request: Request, to: string, notice: Notice): Promise<Response> {
  const headers = await commitNotice(request, notice);
  headers.set("Cache-Control", ADMIN_NO_STORE["Cache-Control"]);
  return redirect(to, { headers });
}
