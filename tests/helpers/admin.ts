// Back-office users for integration tests: a user of a role with a real session in a jar,
// made through the admin service as sign-in makes them.
import type { AdminRole } from "~/models/admin-roles";
import type { AuditActor } from "~/models/audit";
import { ADMIN_ROLES } from "~/models/admin-roles";
import { Jar } from "./routes";

/** The password of every back-office user `newAdmin` makes. */
export const ADMIN_PASSWORD = "Back-office-2026";

export interface TestAdmin {
  id: string;
  email: string;
  role: AdminRole;
  /** Holds the user's signed-in back-office session. */
  jar: Jar;
  /** The user as the audit log records them. */
  actor: AuditActor;
}

/** A new back-office user of `role`, signed in. */
export async function newAdmin(role: AdminRole, tag: string = role): Promise<TestAdmin> {
  const { adminUsers, adminSignInCookie } = await import("~/services/admin/index.server");
  const user = await adminUsers.create(
    { email: `${tag}-${crypto.randomUUID()}@shop.example`, name: `Test ${tag}`, role, password: ADMIN_PASSWORD },
    null,
  );
  const jar = new Jar();
  jar.store(new Response(null, { headers: { "Set-Cookie": await adminSignInCookie(user.id) } }));
  return { id: user.id, email: user.email, role, jar, actor: { adminUserId: user.id, email: user.email, role } };
}

/** One signed-in user of every role, by role (for "every role on every action" tables). */
export async function adminsOfEveryRole(tag = "role"): Promise<Record<AdminRole, TestAdmin>> {
  const users = await Promise.all(ADMIN_ROLES.map((role) => newAdmin(role, `${tag}-${role}`)));
  return Object.fromEntries(users.map((user) => [user.role, user])) as Record<AdminRole, TestAdmin>;
}

/** The newest audit entries about a subject, newest first. */
export async function auditOf(subjectType: string, subjectId: string) {
  const { prisma } = await import("~/db.server");
  return prisma.auditEntry.findMany({
    where: { subjectType, subjectId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
