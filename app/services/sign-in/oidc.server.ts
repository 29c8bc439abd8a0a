// Sign-in through an outside OpenID Connect provider, switched on by OIDC_ISSUER
// and OIDC_CLIENT_ID, with the certified `openid-client` library: discovery from
// the issuer (OpenID Connect Discovery 1.0), the authorization code flow with
// PKCE S256 (RFC 7636), state and nonce in a signed short-lived cookie, the ID
// token validated (signature from the provider's JWKS, iss, aud, exp, nonce:
// OpenID Connect Core 1.0 section 3.1.3.7) before userinfo is read, identities
// linked by (issuer, subject) (docs/rules.md "OpenID identities"), and
// RP-initiated logout. Redirect URIs come from the site's configured public
// origin, never from the Host header.
import { createCookie } from "@remix-run/node";
import * as client from "openid-client";
import { z } from "zod";
import { prisma } from "~/db.server";
import { serverSettings, sessionSettings } from "~/env.server";
import { decideIdentityLink, PENDING_LINK_TTL_MS, pendingLinkFor, type PendingLink } from "~/models/identity-link";
import { mapIdentityProfile, type IdentityProfile } from "~/models/identity-profile";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { userStoreFor } from "~/services/identity/index.server";
import { logger } from "~/services/observability/index.server";
import { getSession, pendingLinkOf } from "~/services/http/index.server";
import { publicOrigin } from "~/services/site/index.server";

/** What a log line says about a provider failure: its message only (never tokens or bodies from the provider). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const OIDC_START_PATH = "/auth/oidc";
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

/** True when an outside identity provider is configured. */
export const oidcEnabled = Boolean(sessionSettings.OIDC_ISSUER && sessionSettings.OIDC_CLIENT_ID);

/** The provider's name as the pages show it. */
export const providerName = sessionSettings.OIDC_PROVIDER_NAME;

/** The redirect URI registered with the provider for a site. */
export const redirectUriFor = (site: SiteId) => `${publicOrigin(site)}${OIDC_CALLBACK_PATH}`;

/** Where the provider sends the browser after RP-initiated logout: the site's home page. */
export const postLogoutUriFor = (site: SiteId) => `${publicOrigin(site)}/`;

// Plain http is only for a provider on this machine (development and tests).
const isLoopbackHttp = (url: URL) =>
  url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

let discovered: Promise<client.Configuration> | null = null;

/** The provider's configuration from its discovery document, fetched once per process. */
function providerConfiguration(): Promise<client.Configuration> {
  if (!oidcEnabled) return Promise.reject(new Error("No OpenID Connect provider is configured."));
  discovered ??= (async () => {
    const issuer = new URL(sessionSettings.OIDC_ISSUER!);
    const secret = sessionSettings.OIDC_CLIENT_SECRET;
    return client.discovery(issuer, sessionSettings.OIDC_CLIENT_ID!, secret, secret ? undefined : client.None(), {
      // The ID token's signature is checked against the provider's JWKS even though it
      // comes straight from the token endpoint (openid-client skips that by default).
      execute: [...(isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
    });
  })().catch((error: unknown) => {
    discovered = null; // try again on the next sign-in
    throw error;
  });
  return discovered;
}

// The checks of one authorization request, kept until the callback.
const StateSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  redirectTo: z.string().nullable(),
});
type FlowState = z.infer<typeof StateSchema>;

/** state, nonce and the PKCE verifier: signed, httpOnly, ten minutes, only sent to /auth/oidc. */
export const oidcStateCookie = createCookie("__oidc", {
  httpOnly: true,
  sameSite: "lax",
  secure: serverSettings.NODE_ENV === "production",
  path: OIDC_START_PATH,
  secrets: [sessionSettings.SESSION_SECRET],
  maxAge: 600,
});

/** A sign-in the shopper cannot finish: the message says why. */
export class OidcSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OidcSignInError";
  }
}

/**
 * The provider's authorization URL for a new sign-in, with the Set-Cookie
 * header carrying its checks. `redirectTo` is the already validated local path
 * to return to afterwards.
 */
export async function startSignIn(
  site: SiteId,
  redirectTo: string | null,
): Promise<{ url: string; setCookie: string }> {
  let config: client.Configuration;
  try {
    config = await providerConfiguration();
  } catch (error) {
    logger().warn({ reason: errorText(error) }, "OpenID Connect discovery failed");
    throw new OidcSignInError(`Sign-in with ${providerName} is not available right now. Try again later.`);
  }
  const flow: FlowState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirectTo,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriFor(site),
    scope: "openid email profile",
    response_type: "code",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
  });
  return { url: url.href, setCookie: await oidcStateCookie.serialize(flow) };
}

/** Clears the state cookie (every callback, whatever its outcome: the checks are single-use). */
export const clearStateCookie = () => oidcStateCookie.serialize("", { maxAge: 0 });

export type CallbackOutcome =
  | { kind: "signed-in"; customerId: string; idToken: string; redirectTo: string | null }
  | { kind: "prove-password"; pending: PendingLink; redirectTo: string | null };

/**
 * Finishes a sign-in on the callback: checks state, exchanges the code with the
 * PKCE verifier, validates the ID token (signature, iss, aud, exp, nonce), reads
 * userinfo for the same subject, then links or creates the customer. Anything
 * the provider or the browser got wrong is an OidcSignInError with the message
 * for the sign-in page.
 */
export async function finishSignIn(request: Request, site: SiteId): Promise<CallbackOutcome> {
  const stored = StateSchema.safeParse(await oidcStateCookie.parse(request.headers.get("Cookie")));
  if (!stored.success) {
    throw new OidcSignInError(
      `Your sign-in with ${providerName} expired or was started in another browser. Try again.`,
    );
  }
  const flow = stored.data;
  // The URL the provider called, on our configured origin (the redirect_uri sent to the token endpoint).
  const current = new URL(redirectUriFor(site));
  current.search = new URL(request.url).search;

  let claims: client.IDToken;
  let idToken: string;
  let userinfo: client.UserInfoResponse;
  try {
    const config = await providerConfiguration();
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const validated = tokens.claims();
    if (!validated || !tokens.id_token) throw new Error("no ID token");
    claims = validated;
    idToken = tokens.id_token;
    userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError && error.error === "access_denied") {
      throw new OidcSignInError(`Sign-in with ${providerName} was cancelled.`);
    }
    logger().warn({ reason: errorText(error) }, "OpenID Connect sign-in refused");
    throw new OidcSignInError(`Sign-in with ${providerName} failed: its answer could not be verified. Try again.`);
  }

  // Userinfo's sub was checked against the ID token's; the validated ID token has the last word.
  const profile = mapIdentityProfile({ ...claims, ...userinfo, sub: claims.sub });
  if (!profile)
    throw new OidcSignInError(`${providerName} did not give us an email address, so we cannot sign you in.`);
  const linked = await linkIdentity(site, claims.iss, claims.sub, profile);
  return linked.kind === "signed-in"
    ? { ...linked, idToken, redirectTo: flow.redirectTo }
    : { ...linked, redirectTo: flow.redirectTo };
}

/** Applies docs/rules.md "OpenID identities" (decideIdentityLink) to a validated provider identity. */
async function linkIdentity(
  site: SiteId,
  issuer: string,
  subject: string,
  profile: IdentityProfile,
): Promise<{ kind: "signed-in"; customerId: string } | { kind: "prove-password"; pending: PendingLink }> {
  const store = userStoreFor(site);
  const key = { store_issuer_subject: { store, issuer, subject } };
  const link = await prisma.externalIdentity.findUnique({ where: key, select: { customerId: true } });
  const emailAccount = link
    ? null
    : ((
        await prisma.identityUser.findUnique({
          where: { store_email: { store, email: profile.email } },
          select: { customerId: true },
        })
      )?.customerId ??
      (
        await prisma.customer.findUnique({
          where: { site_email: { site, email: profile.email } },
          select: { id: true },
        })
      )?.id ??
      null);
  const decision = decideIdentityLink({
    linkedCustomerId: link?.customerId ?? null,
    emailAccountCustomerId: emailAccount,
    emailVerified: profile.emailVerified,
  });
  switch (decision.kind) {
    case "sign-in":
      // The provider's latest email is noted; the customer's profile is never touched.
      await prisma.externalIdentity.update({
        where: key,
        data: { lastSignInAt: new Date(), email: profile.email },
      });
      return { kind: "signed-in", customerId: decision.customerId };
    case "create":
      return { kind: "signed-in", customerId: await createFromProfile(site, profile, { issuer, subject }) };
    case "prove-password":
      return {
        kind: "prove-password",
        pending: {
          store,
          issuer,
          subject,
          customerId: decision.customerId,
          expiresAt: Date.now() + PENDING_LINK_TTL_MS,
        },
      };
    case "refuse-unverified":
      throw new OidcSignInError(
        `An account with the email ${profile.email} already exists, and ${providerName} has not verified that ` +
          `this email is yours, so we cannot link it. Sign in with your password instead.`,
      );
  }
}

/**
 * Creates the customer and the provider-only user of a brand-new provider
 * identity, filled from the provider's profile, and links (issuer, subject).
 */
export async function createFromProfile(
  site: SiteId,
  profile: IdentityProfile,
  identity: { issuer: string; subject: string },
): Promise<string> {
  const store = userStoreFor(site);
  return prisma.$transaction(async (tx) => {
    // A staff member's ship-to names their clinic: the customer joins it (shop-core spec section 3).
    const clinic =
      sitePolicy(site).shipsToClinic && profile.shipTo
        ? await tx.clinic.findUnique({ where: { shipTo: profile.shipTo }, select: { id: true } })
        : null;
    const customer = await tx.customer.create({
      data: {
        site,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        clinicId: clinic?.id ?? null,
      },
      select: { id: true },
    });
    await tx.identityUser.create({
      data: {
        store,
        email: profile.email,
        // No password: this user signs in through the provider (a reset can set one).
        passwordHash: "external",
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
      },
    });
    await tx.externalIdentity.create({
      data: { store, ...identity, customerId: customer.id, email: profile.email },
    });
    return customer.id;
  });
}

/**
 * After a password sign-in of `customerId`: completes the pending link of the
 * session when it names this very customer (docs/rules.md "OpenID identities").
 * True when a link was made.
 */
export async function completePendingLink(request: Request, customerId: string): Promise<boolean> {
  const pending = pendingLinkFor(pendingLinkOf(await getSession(request)), customerId, Date.now());
  if (!pending) return false;
  const { store, issuer, subject } = pending;
  const key = { store_issuer_subject: { store, issuer, subject } };
  const existing = await prisma.externalIdentity.findUnique({ where: key, select: { customerId: true } });
  // A link made in the meantime is never moved to another customer.
  if (existing) return existing.customerId === customerId;
  await prisma.externalIdentity.create({ data: { store, issuer, subject, customerId } });
  return true;
}

/**
 * The provider's end-session URL for RP-initiated logout (OpenID Connect
 * RP-Initiated Logout 1.0 section 2) with the ID token as hint and the site's
 * home as the way back; null when there is none (no provider, or it is down).
 */
export async function endSessionUrl(site: SiteId, idToken: string): Promise<string | null> {
  if (!oidcEnabled) return null;
  try {
    const config = await providerConfiguration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutUriFor(site),
    }).href;
  } catch (error) {
    logger().warn({ reason: errorText(error) }, "OpenID Connect logout URL unavailable");
    return null;
  }
}
