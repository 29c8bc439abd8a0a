import { prisma } from "~/db.server";
import { sessionSettings } from "~/env.server";
import type { AuditActor } from "~/models/audit";
import { storedSite, type SiteId } from "~/models/site";
import { recordAudit } from "~/services/audit/index.server";
import { email, passwordResetLink, passwordResetEmail } from "~/services/email/index.server";
import { createIdentity, userStoreFor } from "./identity.server";
import { createJwtIssuer } from "./jwt.server";

export { userStoreFor, type UserStore } from "./identity.server";

/** The shop's identity provider: the embedded one (an OpenID Connect provider can sign in through remix-auth). */
export const identity = createIdentity(prisma);

/** The identity provider's JWTs (staff-feeding calls carry one). */
export const identityJwt = createJwtIssuer(sessionSettings.SESSION_SECRET);

/**
 * "Forgot password" on a site: when the address has an account there, a one-use reset
 * token and its email are stored in one transaction (docs/rules.md "Outbox"); the
 * outbox job sends it. Resolves the same whether or not there is an account.
 */
export async function requestPasswordReset(site: SiteId, address: string): Promise<void> {
  await identity.createPasswordReset(userStoreFor(site), address, async (tx, reset) =>
    email.enqueue(tx, await passwordResetEmail(site, reset.email, passwordResetLink(site, reset.token))),
  );
}
/**
 * A back-office operator sends a customer the "forgot password" email (docs/rules.md
 * "Back office: customers"): the same reset flow, its token and email stored with the audit
 * entry in one transaction. Resolves false when the customer has no sign-in account.
 */
export async function sendPasswordResetFor(customerId: string, actor: AuditActor): Promise<boolean> {
  const user = await prisma.identityUser.findUnique({
    where: { customerId },
    select: { store: true, email: true, customer: { select: { site: true } } },
  });
  if (!user?.customer) return false;
  const site = storedSite(user.customer.site);
  const reset = await identity.createPasswordReset(
    user.store as ReturnType<typeof userStoreFor>,
    user.email,
    async (tx, made) => {
      await email.enqueue(tx, await passwordResetEmail(site, made.email, passwordResetLink(site, made.token)));
      await recordAudit(tx, actor, {
        action: "customer.password-reset",
        subjectType: "customer",
        subjectId: customerId,
        subjectLabel: made.email,
        before: null,
        after: { resetEmailTo: made.email },
      });
    },
  );
  return reset !== null;
}

export * from "./jwt.server";
export * from "./identity.server";
export {
  checkPasswordWithLockout,
  checkSignInPassword,
  hashPassword,
  verifyPassword,
  type LockableAccount,
  type SignInPasswordCheck,
} from "./password.server";
