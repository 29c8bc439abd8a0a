// A real OpenID Connect provider on loopback for integration tests
// (`oidc-provider`, certified), with a minimal interaction handler that logs in
// the account the test chose (no UI), and switches that misbehave at the
// network edge: a tampered ID token in the token response, or a replaced nonce
// in the authorization request.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** What the next login interaction does: log this account in, or refuse (error=access_denied). */
  nextLogin: { accountId: string } | { error: "access_denied" };
  /** Alters the ID token's payload in the token response without re-signing it. */
  tamperIdToken: boolean;
  /** Replaces the nonce of the authorization request with another one. */
  replaceNonce: boolean;
  /** Follows the provider's redirects from an authorization URL up to the redirect to `callbackPrefix`. */
  authorize(authorizationUrl: string, callbackPrefix: string): Promise<{ callbackUrl: string; cookies: CookieMap }>;
  /** Opens an end-session URL with the provider's cookies, confirms, and returns where the provider sends back. */
  endSession(endSessionUrl: string, cookies: CookieMap): Promise<string>;
  stop(): Promise<void>;
}

type CookieMap = Map<string, string>;

const cookieHeader = (cookies: CookieMap) => [...cookies].map(([n, v]) => `${n}=${v}`).join("; ");

function keep(cookies: CookieMap, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair.split("=");
    if (/expires=thu, 01 jan 1970|max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, value.join("="));
  }
}

/** Starts a provider on 127.0.0.1 (a free port) with one confidential client. */
export async function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const accounts = new Map<string, TestAccount>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [crypto.randomBytes(16).toString("hex")] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Only the confirmation form, so the test can post it.
        logoutSource: async (ctx, form) => {
          ctx.body = `<!DOCTYPE html><html><body>${form}</body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: consent is implied, so the only interaction is the login.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session!;
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      session.grantIdFor(clientId, grant.jti);
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  const state: TestProvider = {
    issuer,
    accounts,
    nextLogin: { error: "access_denied" },
    tamperIdToken: false,
    replaceNonce: false,
    async authorize(authorizationUrl, callbackPrefix) {
      const cookies: CookieMap = new Map();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, { redirect: "manual", headers: { Cookie: cookieHeader(cookies) } });
        keep(cookies, response);
        const location = response.headers.get("Location");
        if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
        url = new URL(location, url).href;
        if (url.startsWith(callbackPrefix)) return { callbackUrl: url, cookies };
      }
      throw new Error("too many redirects at the provider");
    },
    async endSession(endSessionUrl, cookies) {
      const page = await fetch(endSessionUrl, { headers: { Cookie: cookieHeader(cookies) } });
      keep(cookies, page);
      const html = await page.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !xsrf) throw new Error(`no logout form: ${page.status} ${html.slice(0, 300)}`);
      const confirmed = await fetch(new URL(action, endSessionUrl), {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ xsrf, logout: "yes" }),
        headers: { Cookie: cookieHeader(cookies), "Content-Type": "application/x-www-form-urlencoded" },
      });
      const location = confirmed.headers.get("Location");
      if (!location) throw new Error(`logout answered ${confirmed.status}`);
      return location;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on("request", async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname.startsWith("/interaction/")) {
      try {
        const result =
          "accountId" in state.nextLogin
            ? { login: { accountId: state.nextLogin.accountId } }
            : { error: "access_denied", error_description: "The end-user refused." };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    if (state.replaceNonce && url.pathname === "/auth" && url.searchParams.has("nonce")) {
      url.searchParams.set("nonce", "a-nonce-the-client-never-sent");
      req.url = `${url.pathname}${url.search}`;
    }
    if (state.tamperIdToken && url.pathname === "/token") {
      // The provider's signed token response, altered on its way out (an added claim, the same signature).
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      res.end = ((chunk?: unknown) => {
        const body = JSON.parse(String(chunk)) as { id_token: string };
        const [header, payload, signature] = body.id_token.split(".");
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
        claims.acr = "forged";
        body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
        const text = JSON.stringify(body);
        res.setHeader("Content-Length", Buffer.byteLength(text));
        return end(text);
      }) as typeof res.end;
    }
    handle(req, res);
  });
  return state;
}
