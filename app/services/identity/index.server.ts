import { prisma } from "~/db.server";
import { createIdentity } from "./identity.server";

export { userStoreFor, type UserStore } from "./identity.server";

/** The shop's identity provider: the embedded one (an OpenID Connect provider can sign in through remix-auth). */
export const identity = createIdentity(prisma);
