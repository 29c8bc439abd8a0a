// The consent choice as the server reads and writes it (docs/rules.md "Consent"), and the
// scripts the consent store may load, from configuration. The server never renders a gated
// script or its data before consent: it only reads the cookie here and tells the page.
import { consentSettings, serverSettings, type Env } from "~/env.server";
import {
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  consentFromCookieHeader,
  serializeConsent,
  type ConsentScript,
  type ConsentState,
} from "~/models/consent";

/** The shopper's consent state from the request's cookie (all false before a choice). */
export function readConsent(request: Request): ConsentState {
  return consentFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * The Set-Cookie value that records a choice: first-party, the whole site, SameSite=Lax, about
 * six months, Secure in production. Not HttpOnly: the browser's consent store polls it.
 */
export function consentSetCookie(state: ConsentState, settings: Pick<Env, "NODE_ENV"> = serverSettings): string {
  const parts = [
    `${CONSENT_COOKIE_NAME}=${serializeConsent(state)}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
  ];
  if (settings.NODE_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

/**
 * The scripts the consent store registers, from configuration: the reviews provider's widget
 * (functional, removed on decline) when REVIEWS_SCRIPT_URL is set, then ANALYTICS_SCRIPTS.
 */
export function consentScripts(
  settings: Pick<Env, "REVIEWS_SCRIPT_URL" | "ANALYTICS_SCRIPTS"> = consentSettings,
): ConsentScript[] {
  const scripts: ConsentScript[] = [];
  if (settings.REVIEWS_SCRIPT_URL)
    scripts.push({ id: "reviews", category: "functional", src: settings.REVIEWS_SCRIPT_URL, removeOnDecline: true });
  for (const script of settings.ANALYTICS_SCRIPTS) scripts.push({ ...script });
  return scripts;
}

/** The origins of the configured scripts, for the Content-Security-Policy's script-src (and nothing more). */
export function scriptOrigins(
  settings: Pick<Env, "REVIEWS_SCRIPT_URL" | "ANALYTICS_SCRIPTS"> = consentSettings,
): string[] {
  return [...new Set(consentScripts(settings).map((script) => new URL(script.src).origin))];
}
