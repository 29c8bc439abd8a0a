// Signing in and out: passwords (remix-auth), OpenID Connect and multipass links,
// over the identity provider and the session (docs/rules.md "Trust boundary").
export * from "./auth.server";
export * from "./multipass.server";
export * from "./multipass-arrival.server";
export * from "./oidc.server";
export * from "./accounts.server";
