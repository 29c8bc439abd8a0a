import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { createIdentity } from "./identity.server";
import { createJwtIssuer } from "./jwt.server";

export { userStoreFor, type UserStore } from "./identity.server";

/** The shop's identity provider: the embedded one (an OpenID Connect provider can sign in through remix-auth). */
export const identity = createIdentity(prisma);

/** The identity provider's JWTs (staff-feeding calls carry one). */
export const identityJwt = createJwtIssuer(env.SESSION_SECRET);
