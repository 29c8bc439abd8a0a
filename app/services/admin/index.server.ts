// The back office's users, sessions and role check (docs/rules.md "Back office"). Every /admin
// loader and action starts with `requireAdmin(request, permission)`; the changes themselves are
// made by the services that own the data, each writing its audit entry in its own transaction.
import { prisma } from "~/db.server";
import { createAdminUsers } from "./admin-users.server";
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
export { ADMIN_COOKIE_NAME, ADMIN_LOGIN_PATH, adminCookie } from "./session.server";

export const adminUsers = createAdminUsers(prisma);
const sessions = createAdminSessions(adminUsers);

export const getAdmin = sessions.getAdmin;
export const requireAdmin = sessions.requireAdmin;
export const adminSignInCookie = sessions.signInCookie;
export const adminSignOutCookie = sessions.signOutCookie;
