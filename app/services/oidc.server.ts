// Sign-in through an outside OpenID Connect identity provider (issue 6),
// switched on by the OIDC_* variables: remix-auth's OAuth2 strategy (PKCE,
// state cookie), then the provider's userinfo mapped onto our customer
// (shop-core spec section 3 profile and data fields).
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { mapIdentityProfile, type IdentityProfile } from "~/models/identity-profile";
import type { SiteId } from "~/models/site";
import { userStoreFor } from "~/services/identity/index.server";

export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

/** True when an outside identity provider is configured. */
export const oidcEnabled = Boolean(
  env.OIDC_AUTHORIZATION_URL && env.OIDC_TOKEN_URL && env.OIDC_USERINFO_URL && env.OIDC_CLIENT_ID,
);

/** Creates or updates the user and customer of a provider profile; the customer id. */
export async function upsertFromProfile(site: SiteId, profile: IdentityProfile): Promise<string> {
  const store = userStoreFor(site);
  return prisma.$transaction(async (tx) => {
    // A staff member's ship-to names their clinic: the customer joins it (issue 7).
    const clinic =
      site === "HPSF" && profile.shipTo
        ? await tx.clinic.findUnique({ where: { shipTo: profile.shipTo }, select: { id: true } })
        : null;
    const customer = await tx.customer.upsert({
      where: { site_email: { site, email: profile.email } },
      create: {
        site,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        clinicId: clinic?.id ?? null,
      },
      update: {
        firstName: profile.firstName || undefined,
        lastName: profile.lastName || undefined,
        ...(clinic ? { clinicId: clinic.id } : {}),
      },
    });
    const fields = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      country: profile.country,
      roleCode: profile.roleCode,
      graduationYear: profile.graduationYear,
      currentSchoolName: profile.currentSchoolName,
      sapCustomerAccountGroup: profile.accountGroup,
      sfPreferedShipTo: profile.shipTo,
      sfStoreSoldTo: profile.soldTo,
      customerId: customer.id,
    };
    await tx.identityUser.upsert({
      where: { store_email: { store, email: profile.email } },
      // No password: this user signs in through the provider only.
      create: { store, email: profile.email, passwordHash: "external", ...fields },
      update: fields,
    });
    return customer.id;
  });
}

/** The strategy for a site's callback URL (the site decides the user store). */
function strategyFor(origin: string, site: SiteId) {
  return new OAuth2Strategy<string>(
    {
      cookie: {
        name: "oidc",
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        ...(env.NODE_ENV === "production" ? { secure: true as const } : {}),
      },
      clientId: env.OIDC_CLIENT_ID!,
      clientSecret: env.OIDC_CLIENT_SECRET ?? null,
      authorizationEndpoint: env.OIDC_AUTHORIZATION_URL!,
      tokenEndpoint: env.OIDC_TOKEN_URL!,
      redirectURI: `${origin}${OIDC_CALLBACK_PATH}`,
      scopes: ["openid", "email", "profile"],
    },
    async ({ tokens }) => {
      const response = await fetch(env.OIDC_USERINFO_URL!, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
      });
      // "Unauthorized user" from the provider means not signed in.
      if (!response.ok) throw new Error("Unauthorized user");
      const profile = mapIdentityProfile(await response.json());
      if (!profile) throw new Error("The identity provider gave no email address.");
      return upsertFromProfile(site, profile);
    },
  );
}

/** Runs the OAuth2 dance: redirects to the provider, or (on the callback) resolves the customer id. */
export function authenticateWithProvider(request: Request, site: SiteId): Promise<string> {
  const authenticator = new Authenticator<string>();
  authenticator.use(strategyFor(new URL(request.url).origin, site), "oidc");
  return authenticator.authenticate("oidc", request);
}
