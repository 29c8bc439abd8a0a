// The embedded identity provider (shop-core spec sections 3-4):
// email-and-password users in two stores ("home" for consumers, "staff" for
// the staff-feeding program), sign-in with lockout, registration, password
// resets, and server-side session tokens that expire, slide and are revoked.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import type { SiteId } from "~/models/site";
import { sitePolicy, type UserStore } from "~/models/site-policy";
import type { AuditActor } from "~/models/audit";
import { recordAudit } from "~/services/audit/index.server";
import {
  checkPasswordWithLockout,
  checkSignInPassword,
  hashPassword,
  verifyPassword,
  type SignInPasswordCheck,
} from "./password.server";
import { isUniqueViolation } from "~/models/unique-violation";

export type { UserStore };
/** The user store a site's customers sign in to (`sitePolicy(site).userStore`). */
export const userStoreFor = (site: SiteId): UserStore => sitePolicy(site).userStore;

export { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "~/models/lockout";
/** A session lives this long after its last use. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Session use is written back at most this often (refresh-session-token). */
export const SESSION_REFRESH_MS = 60_000;
/** A password-reset link works this long, once. */
export const RESET_TTL_MS = 60 * 60_000;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");

/** The id of a session token's record: its SHA-256 (the database never holds the token). */
export const sessionTokenId = (token: string) => sha256(token);

/**
 * A sign-in's outcome. A refusal carries no reason: an unknown email, a wrong password and a
 * locked account are one answer (docs/rules.md "One answer for a refused sign-in").
 */
export type SignInResult = { ok: true; customerId: string; userId: string } | { ok: false };

export type RegisterResult =
  { ok: true; customerId: string; userId: string } | { ok: false; reason: "email-taken" | "order-claimed" };

/** Thrown inside `register`'s transaction to undo the account when its guest order cannot be claimed. */
class OrderClaimed extends Error {}

/** What a new account is made from (registration), wherever the password is kept. */
export interface NewAccount {
  site: SiteId;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  acceptsMarketing: boolean;
}

export interface SessionInfo {
  customerId: string;
  /** For the header's greeting, read with the token (one query per request). */
  firstName: string;
  site: string;
  expiresAt: Date;
}

export function createIdentity(
  db: PrismaClient,
  now: () => Date = () => new Date(),
  checkPassword: SignInPasswordCheck = checkSignInPassword,
) {
  return {
    /**
     * Checks a password; counts failures and locks the account after ten in a row. Every path
     * (unknown email, locked, wrong, right) runs exactly one password check, so none answers
     * sooner than another.
     */
    async signIn(input: { store: UserStore; email: string; password: string }): Promise<SignInResult> {
      const email = input.email.trim().toLowerCase();
      const user = await db.identityUser.findUnique({ where: { store_email: { store: input.store, email } } });
      // A user without a customer (never finished) signs in to nothing.
      const account = user?.customerId ? { ...user, customerId: user.customerId } : null;
      const ok = await checkPasswordWithLockout(account, input.password, {
        now,
        checkPassword,
        save: async ({ write }) => write && db.identityUser.update({ where: { id: account!.id }, data: write }),
      });
      return ok && account ? { ok: true, customerId: account.customerId, userId: account.id } : { ok: false };
    },

    /** Creates the user and its customer (same email allowed once per store). */
    async register(
      input: NewAccount & {
        /**
         * A guest's order to attach to the new account in the same transaction (docs/rules.md
         * "Cart on a phone": `mayClaimOrder` decides who may ask): only an order of the site and
         * the email that still has no customer; otherwise nothing is created ("order-claimed").
         */
        claimOrderId?: string;
      },
    ): Promise<RegisterResult> {
      const email = input.email.trim().toLowerCase();
      const store = userStoreFor(input.site);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.$transaction(async (tx) => {
          const taken = await tx.identityUser.findUnique({ where: { store_email: { store, email } } });
          if (taken) return { ok: false as const, reason: "email-taken" as const };
          const customer = await tx.customer.upsert({
            where: { site_email: { site: input.site, email } },
            create: {
              site: input.site,
              email,
              firstName: input.firstName,
              lastName: input.lastName,
              acceptsMarketing: input.acceptsMarketing,
            },
            update: { firstName: input.firstName, lastName: input.lastName },
          });
          const user = await tx.identityUser.create({
            data: {
              store,
              email,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              customerId: customer.id,
            },
          });
          if (input.claimOrderId) {
            const { count } = await tx.order.updateMany({
              where: { id: input.claimOrderId, customerId: null, site: input.site, email },
              data: { customerId: customer.id },
            });
            if (count !== 1) throw new OrderClaimed();
          }
          return { ok: true as const, customerId: customer.id, userId: user.id };
        });
      } catch (error) {
        if (error instanceof OrderClaimed) return { ok: false, reason: "order-claimed" };
        if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
        throw error;
      }
    },

    /**
     * A reset token for the email's user, or null when there is none (callers answer the
     * same either way). `deliver` runs in the transaction that stores the token, so the
     * token is kept only with its email (docs/rules.md "Outbox").
     */
    async createPasswordReset(
      store: UserStore,
      email: string,
      deliver?: (tx: Prisma.TransactionClient, reset: { token: string; email: string }) => Promise<unknown>,
    ): Promise<{ token: string; email: string } | null> {
      const user = await db.identityUser.findUnique({
        where: { store_email: { store, email: email.trim().toLowerCase() } },
      });
      if (!user) return null;
      const reset = { token: newToken(), email: user.email };
      await db.$transaction(async (tx) => {
        await tx.passwordReset.create({
          data: { id: sha256(reset.token), userId: user.id, expiresAt: new Date(now().getTime() + RESET_TTL_MS) },
        });
        await deliver?.(tx, reset);
      });
      return reset;
    },

    /**
     * A back-office operator unlocks a customer's sign-in (docs/rules.md "Back office:
     * customers"): the failure count and the lock are cleared, audited in the same
     * transaction. An account that is neither locked nor counting failures is left as it is
     * (no entry). Resolves null when the customer has no sign-in account.
     */
    async unlock(customerId: string, actor: AuditActor): Promise<{ changed: boolean } | null> {
      return db.$transaction(async (tx) => {
        const user = await tx.identityUser.findUnique({
          where: { customerId },
          select: { id: true, email: true, failedSignIns: true, lockedUntil: true },
        });
        if (!user) return null;
        if (user.failedSignIns === 0 && user.lockedUntil === null) return { changed: false };
        await tx.identityUser.update({ where: { id: user.id }, data: { failedSignIns: 0, lockedUntil: null } });
        await recordAudit(tx, actor, {
          action: "customer.unlock",
          subjectType: "customer",
          subjectId: customerId,
          subjectLabel: user.email,
          before: { failedSignIns: user.failedSignIns, lockedUntil: user.lockedUntil?.toISOString() ?? null },
          after: { failedSignIns: 0, lockedUntil: null },
        });
        return { changed: true };
      });
    },

    /** True while a reset token is unused and unexpired. */
    async resetTokenValid(token: string): Promise<boolean> {
      const reset = await db.passwordReset.findUnique({ where: { id: sha256(token) } });
      return Boolean(reset && !reset.usedAt && reset.expiresAt > now());
    },

    /**
     * Sets a new password with a reset token: single use, and every session of
     * the customer is revoked. False when the token is unknown, used or expired.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password);
      return db.$transaction(async (tx) => {
        const at = now();
        const used = await tx.passwordReset.updateMany({
          where: { id: sha256(token), usedAt: null, expiresAt: { gt: at } },
          data: { usedAt: at },
        });
        if (used.count !== 1) return false;
        const reset = await tx.passwordReset.findUniqueOrThrow({
          where: { id: sha256(token) },
          include: { user: true },
        });
        await tx.identityUser.update({
          where: { id: reset.userId },
          data: { passwordHash, failedSignIns: 0, lockedUntil: null },
        });
        if (reset.user.customerId) {
          await tx.sessionToken.updateMany({
            where: { customerId: reset.user.customerId, revokedAt: null },
            data: { revokedAt: at, revokeReason: "password-reset" },
          });
        }
        return true;
      });
    },

    /**
     * Changes the password after checking the current one; every other session
     * of the customer is signed out (the one in `keepToken` stays).
     */
    async changePassword(customerId: string, current: string, next: string, keepToken?: string): Promise<boolean> {
      const user = await db.identityUser.findUnique({ where: { customerId } });
      if (!user || !(await verifyPassword(current, user.passwordHash))) return false;
      const passwordHash = await hashPassword(next);
      await db.$transaction([
        db.identityUser.update({ where: { id: user.id }, data: { passwordHash } }),
        db.sessionToken.updateMany({
          where: { customerId, revokedAt: null, ...(keepToken ? { id: { not: sha256(keepToken) } } : {}) },
          data: { revokedAt: now(), revokeReason: "password-changed" },
        }),
      ]);
      return true;
    },

    /** Checks the customer's password (to confirm an email change). */
    async checkPassword(customerId: string, password: string): Promise<boolean> {
      const user = await db.identityUser.findUnique({ where: { customerId } });
      return Boolean(user && (await verifyPassword(password, user.passwordHash)));
    },

    /** A new session token (create-customer-token); the raw token goes in the cookie only. */
    async createSession(customerId: string, site: string): Promise<string> {
      const token = newToken();
      const at = now();
      await db.sessionToken.create({
        data: {
          id: sha256(token),
          customerId,
          site,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
        },
      });
      return token;
    },

    /**
     * The session of a token: null when unknown, revoked or expired. Use slides
     * the expiry forward (refresh-session-token), written at most once a minute
     * unless `force`.
     */
    async resolveSession(
      token: string,
      options: { refresh?: boolean; force?: boolean } = {},
    ): Promise<SessionInfo | null> {
      const row = await db.sessionToken.findUnique({
        where: { id: sha256(token) },
        include: { customer: { select: { firstName: true } } },
      });
      const at = now();
      if (!row || row.revokedAt || row.expiresAt <= at) return null;
      let expiresAt = row.expiresAt;
      if (options.refresh && (options.force || at.getTime() - row.lastSeenAt.getTime() > SESSION_REFRESH_MS)) {
        expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
        await db.sessionToken.update({ where: { id: row.id }, data: { lastSeenAt: at, expiresAt } });
      }
      return { customerId: row.customerId, firstName: row.customer.firstName, site: row.site, expiresAt };
    },

    /** Revokes a session token (logout, inactivity, rotation). */
    async revokeSession(token: string, reason: string): Promise<void> {
      await db.sessionToken.updateMany({
        where: { id: sha256(token), revokedAt: null },
        data: { revokedAt: now(), revokeReason: reason },
      });
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
