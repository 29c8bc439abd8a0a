// Back-office users and their sessions (docs/rules.md "Back office"): separate from customer
// accounts, with the customers' lockout rule, sessions that end after ADMIN_IDLE_MS without use
// or ADMIN_SESSION_MAX_MS after sign-in, and every change to a user audited.
import crypto from "node:crypto";
import type { PrismaClient } from "~/generated/prisma/client";
import { adminSessionExpiry, ROLE_LABELS, type AdminRole, isAdminRole } from "~/models/admin-roles";
import { MIN_ADMIN_PASSWORD_LENGTH } from "~/models/admin-users";
import type { AuditActor } from "~/models/audit";
import { ServiceError } from "~/models/service-error";
import { recordAudit } from "~/services/audit/index.server";
import { isLockedOut } from "~/models/lockout";
import {
  checkPasswordWithLockout,
  checkSignInPassword,
  hashPassword,
  type SignInPasswordCheck,
} from "~/services/identity/index.server";

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");

/** Use of a session is written back at most this often. */
const TOUCH_MS = 60_000;

/** The signed-in back-office user, as every /admin loader and action sees them. */
export interface AdminIdentity extends AuditActor {
  name: string;
}

/**
 * A back-office sign-in's outcome. A refusal carries no reason: an unknown email, a disabled
 * user, a wrong password and a locked user are one answer (docs/rules.md "One answer for a
 * refused sign-in").
 */
export type AdminSignInResult = { ok: true; adminUserId: string } | { ok: false };

export interface AdminUserView {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  roleLabel: string;
  disabled: boolean;
  lockedUntil: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

export { MIN_ADMIN_PASSWORD_LENGTH };

/** A refused change of a back-office user: 400 beside its field, 404 for a user that does not exist. */
export class AdminUserError extends ServiceError {
  constructor(message: string, field?: "email" | "name" | "role" | "password", status = 400) {
    super("ADMIN_USER", message, status, field);
    this.name = "AdminUserError";
  }
}

const normalEmail = (email: string) => email.trim().toLowerCase();

export function createAdminUsers(
  db: PrismaClient,
  now: () => Date = () => new Date(),
  checkPassword: SignInPasswordCheck = checkSignInPassword,
) {
  function view(row: {
    id: string;
    email: string;
    name: string;
    role: string;
    disabledAt: Date | null;
    lockedUntil: Date | null;
    lastSignInAt: Date | null;
    createdAt: Date;
  }): AdminUserView {
    const role = isAdminRole(row.role) ? row.role : "support";
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role,
      roleLabel: ROLE_LABELS[role],
      disabled: row.disabledAt !== null,
      lockedUntil: isLockedOut(row.lockedUntil, now()) ? row.lockedUntil.toISOString() : null,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * Checks an email and password; failures count toward the lockout, as for customers. Every
     * path (unknown or disabled, locked, wrong, right) runs exactly one password check, so the
     * time taken does not tell which emails exist either.
     */
    async signIn(input: { email: string; password: string }): Promise<AdminSignInResult> {
      const found = await db.adminUser.findUnique({ where: { email: normalEmail(input.email) } });
      const user = found && !found.disabledAt ? found : null;
      const ok = await checkPasswordWithLockout(user, input.password, {
        now,
        checkPassword,
        // A success is recorded (lastSignInAt) with whatever the lockout clears.
        save: ({ ok, write, at }) =>
          db.adminUser.update({ where: { id: user!.id }, data: { ...write, ...(ok ? { lastSignInAt: at } : {}) } }),
      });
      return ok && user ? { ok: true, adminUserId: user.id } : { ok: false };
    },

    /** A new session; the raw token goes in the cookie only. */
    async createSession(adminUserId: string): Promise<string> {
      const token = newToken();
      const at = now();
      await db.adminSession.create({
        data: { id: sha256(token), adminUserId, createdAt: at, lastSeenAt: at, expiresAt: adminSessionExpiry(at, at) },
      });
      return token;
    },

    /** The user of a session token: null when unknown, revoked, expired or the user is disabled. Use slides it. */
    async resolveSession(token: string): Promise<AdminIdentity | null> {
      const row = await db.adminSession.findUnique({ where: { id: sha256(token) }, include: { adminUser: true } });
      const at = now();
      if (!row || row.revokedAt || row.expiresAt <= at || row.adminUser.disabledAt) return null;
      const role = row.adminUser.role;
      if (!isAdminRole(role)) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_MS) {
        await db.adminSession.update({
          where: { id: row.id },
          data: { lastSeenAt: at, expiresAt: adminSessionExpiry(row.createdAt, at) },
        });
      }
      const user = row.adminUser;
      return { adminUserId: user.id, email: user.email, name: user.name, role };
    },

    async revokeSession(token: string): Promise<void> {
      await db.adminSession.updateMany({ where: { id: sha256(token), revokedAt: null }, data: { revokedAt: now() } });
    },

    async list(): Promise<AdminUserView[]> {
      const rows = await db.adminUser.findMany({ orderBy: [{ role: "asc" }, { email: "asc" }] });
      return rows.map(view);
    },

    /**
     * Adds a user. `actor` is the owner who adds them (audited); null for the seed and the
     * command line, which run with the database's own rights.
     */
    async create(
      input: { email: string; name: string; role: string; password: string },
      actor: AuditActor | null,
    ): Promise<AdminUserView> {
      const email = normalEmail(input.email);
      const name = input.name.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminUserError("Enter a valid email address.", "email");
      if (!name) throw new AdminUserError("Enter the person's name.", "name");
      if (!isAdminRole(input.role)) throw new AdminUserError("Choose a role.", "role");
      if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
        throw new AdminUserError(`Use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters for the password.`, "password");
      }
      const passwordHash = await hashPassword(input.password);
      const role = input.role;
      return db.$transaction(async (tx) => {
        if (await tx.adminUser.findUnique({ where: { email }, select: { id: true } })) {
          throw new AdminUserError("A back-office user with this email already exists.", "email");
        }
        const row = await tx.adminUser.create({ data: { email, name, role, passwordHash } });
        if (actor) {
          await recordAudit(tx, actor, {
            action: "admin-user.create",
            subjectType: "admin-user",
            subjectId: row.id,
            subjectLabel: email,
            before: null,
            after: { email, name, role },
          });
        }
        return view(row);
      });
    },

    /** Changes a user's role or disables them (their sessions end); an owner cannot demote or disable themself. */
    async update(id: string, change: { role?: string; disabled?: boolean }, actor: AuditActor): Promise<AdminUserView> {
      if (change.role !== undefined && !isAdminRole(change.role)) throw new AdminUserError("Choose a role.", "role");
      if (id === actor.adminUserId && (change.disabled || (change.role !== undefined && change.role !== actor.role))) {
        throw new AdminUserError("You cannot change your own role or disable yourself; ask another owner.");
      }
      return db.$transaction(async (tx) => {
        const row = await tx.adminUser.findUnique({ where: { id } });
        if (!row) throw new AdminUserError("We could not find that user.", undefined, 404);
        const before = { role: row.role, disabled: row.disabledAt !== null };
        const after = {
          role: change.role ?? row.role,
          disabled: change.disabled ?? row.disabledAt !== null,
        };
        const updated = await tx.adminUser.update({
          where: { id },
          data: {
            role: after.role,
            disabledAt: after.disabled ? (row.disabledAt ?? now()) : null,
          },
        });
        if (after.disabled) {
          await tx.adminSession.updateMany({ where: { adminUserId: id, revokedAt: null }, data: { revokedAt: now() } });
        }
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordAudit(tx, actor, {
            action: "admin-user.update",
            subjectType: "admin-user",
            subjectId: id,
            subjectLabel: row.email,
            before,
            after,
          });
        }
        return view(updated);
      });
    },
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
