// The consent state and cookie (catalogue spec sections 3 and 4; docs/rules.md "Consent").
import { describe, expect, it } from "vitest";
import {
  allows,
  CONSENT_COOKIE_NAME,
  consentAfter,
  consentFromCookieHeader,
  consentVariant,
  hasChosen,
  INITIAL_CONSENT,
  parseConsent,
  serializeConsent,
  type ConsentState,
} from "./consent";

const states: ConsentState[] = [
  { required: true, functional: false, advertising: false },
  { required: true, functional: true, advertising: false },
  { required: true, functional: false, advertising: true },
  { required: true, functional: true, advertising: true },
];

describe("the consent cookie", () => {
  it("starts with every category false and no choice", () => {
    expect(INITIAL_CONSENT).toEqual({ required: false, functional: false, advertising: false });
    expect(hasChosen(INITIAL_CONSENT)).toBe(false);
    expect(serializeConsent(INITIAL_CONSENT)).toBe("");
  });

  it("round-trips every chosen state through its value", () => {
    for (const state of states) {
      expect(parseConsent(serializeConsent(state))).toEqual(state);
      expect(hasChosen(state)).toBe(true);
    }
    expect(serializeConsent(states[3])).toBe("required.functional.advertising");
    expect(serializeConsent(states[1])).toBe("required.functional");
  });

  it("reads a malformed or missing value as no choice", () => {
    for (const value of [
      null,
      undefined,
      "",
      "functional",
      "functional.advertising",
      "required.marketing",
      "required..functional",
      "REQUIRED",
      " required",
      "required.functional.",
    ]) {
      expect(parseConsent(value), String(value)).toEqual(INITIAL_CONSENT);
    }
  });

  it("finds the cookie among others, decodes it, and treats a broken encoding as no choice", () => {
    expect(consentFromCookieHeader(`a=1; ${CONSENT_COOKIE_NAME}=required.advertising; b=2`)).toEqual(states[2]);
    expect(consentFromCookieHeader(`${CONSENT_COOKIE_NAME}=required%2Efunctional`)).toEqual(states[1]);
    expect(consentFromCookieHeader(`${CONSENT_COOKIE_NAME}=%E0%A4%A`)).toEqual(INITIAL_CONSENT);
    expect(consentFromCookieHeader(`x${CONSENT_COOKIE_NAME}=required`)).toEqual(INITIAL_CONSENT);
    expect(consentFromCookieHeader("")).toEqual(INITIAL_CONSENT);
    expect(consentFromCookieHeader(null)).toEqual(INITIAL_CONSENT);
  });
});

describe("a choice", () => {
  it("accept all allows everything, reject all only required, save what was ticked (required always)", () => {
    expect(consentAfter({ intent: "accept-all" })).toEqual(states[3]);
    expect(consentAfter({ intent: "reject-all" })).toEqual(states[0]);
    expect(consentAfter({ intent: "save", functional: true, advertising: false })).toEqual(states[1]);
    expect(consentAfter({ intent: "save", functional: false, advertising: false })).toEqual(states[0]);
  });

  it("allows exactly the chosen categories", () => {
    expect(allows(states[1], "functional")).toBe(true);
    expect(allows(states[1], "advertising")).toBe(false);
    expect(allows(INITIAL_CONSENT, "required")).toBe(false);
  });
});

describe("the page-cache variant", () => {
  it("differs for every state, and is 'none' before a choice", () => {
    const variants = [INITIAL_CONSENT, ...states].map(consentVariant);
    expect(new Set(variants).size).toBe(5);
    expect(consentVariant(INITIAL_CONSENT)).toBe("none");
  });
});
