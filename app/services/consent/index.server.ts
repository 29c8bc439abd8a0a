// Consent (docs/rules.md "Consent"): the shopper's choice as a cookie, and the scripts it governs.
export { consentScripts, consentSetCookie, readConsent, scriptOrigins } from "./consent.server";
