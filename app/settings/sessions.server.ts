// Signing in and sessions: the session secret, the inactivity alert and an outside OpenID
// Connect provider (docs/rules.md "Accounts and sessions").
import { z } from "zod";
import { optional } from "./core.server";

export const sessionFields = {
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
  // Seconds without mouse or keyboard activity before the signed-in session alert
  // (shop-core spec section 4, Inactivity).
  TOKEN_INACTIVITY_SECONDS: optional(z.coerce.number().int().min(5, "must be 5 seconds or more")).transform(
    (v) => v ?? 900,
  ),
  // An outside OpenID Connect provider (OpenID Connect Core 1.0 and Discovery 1.0): on when
  // the issuer and the client id are set; its endpoints come from the issuer's discovery document.
  OIDC_ISSUER: optional(z.string().url("must be a URL such as https://id.example.com")),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  OIDC_PROVIDER_NAME: optional(z.string().min(1)).transform((v) => v ?? "your clinic account"),
};
