import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { SiteId } from "~/models/site";
import { email, passwordResetLink, passwordResetEmail } from "~/services/email/index.server";
import { createIdentity, userStoreFor } from "./identity.server";
import { createJwtIssuer } from "./jwt.server";

export { userStoreFor, type UserStore } from "./identity.server";

/** The shop's identity provider: the embedded one (an OpenID Connect provider can sign in through remix-auth). */
export const identity = createIdentity(prisma);

/** The identity provider's JWTs (staff-feeding calls carry one). */
export const identityJwt = createJwtIssuer(env.SESSION_SECRET);

/**
 * "Forgot password" on a site: when the address has an account there, a one-use reset
 * token and its email are stored in one transaction (docs/rules.md "Outbox"); the
 * outbox job sends it. Resolves the same whether or not there is an account.
 */
export async function requestPasswordReset(site: SiteId, address: string): Promise<void> {
  await identity.createPasswordReset(userStoreFor(site), address, (tx, reset) =>
    email.enqueue(tx, passwordResetEmail(reset.email, passwordResetLink(site, reset.token))),
  );
}
export * from "./jwt.server";
export * from "./identity.server";
export { hashPassword, verifyPassword } from "./password.server";
