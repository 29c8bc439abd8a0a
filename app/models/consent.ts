// The consent store's state and the shopper's choice (catalogue spec sections 3 "Consent
// store" and 4 "Consent"; docs/rules.md "Consent"). Pure: the server reads the same cookie
// the browser's consent store polls, through the same parser.

/** The consent categories, in the order the preferences list them (catalogue spec section 3). */
export const CONSENT_CATEGORIES = ["required", "functional", "advertising"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/**
 * Which categories the shopper allowed. All false until the shopper chooses; any choice sets
 * `required` (the strictly necessary cookies the shop cannot work without), so `required`
 * also says whether the shopper has answered the banner.
 */
export type ConsentState = Record<ConsentCategory, boolean>;

/** Before any choice (catalogue spec section 3: all initially false). */
export const INITIAL_CONSENT: ConsentState = Object.freeze({ required: false, functional: false, advertising: false });

/** The first-party cookie that holds the choice; not httpOnly, since the browser's store polls it. */
export const CONSENT_COOKIE_NAME = "shop_consent";

/** How long a choice is kept before the banner asks again: about six months (docs/decisions.md "Consent"). */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

/** How often the browser's consent store reads the consent state (catalogue spec section 4). */
export const CONSENT_POLL_MS = 250;

/** The preference manager's message that forces an immediate refresh (catalogue spec section 4). */
export const SUBMIT_PREFERENCES_MESSAGE = "submit_preferences";

/** The window event a "cookie preferences" link dispatches to open the preferences dialog. */
export const OPEN_PREFERENCES_EVENT = "shop:open-cookie-preferences";

/** The page that shows the preferences without JavaScript, and receives the choice. */
export const COOKIE_PREFERENCES_PATH = "/cookie-preferences";

/**
 * The reviews widget without functional consent (catalogue spec section 8), split at the link
 * "here". The link's text goes on, for screen readers and search engines only, with where it
 * leads (`linkContext`, visually hidden: docs/rules.md "Search engines", descriptive link text),
 * so the sentence shown stays the spec's.
 */
export const REVIEWS_DECLINED_MESSAGE = {
  before: "You cannot see product reviews because you have declined functional cookies. Please enable them ",
  link: "here",
  linkContext: " in the cookie preferences",
  after: " to access this feature.",
} as const;

/** Whether the shopper has answered the banner (any choice). */
export const hasChosen = (state: ConsentState): boolean => state.required;

/** Whether scripts and data of `category` may run or render. */
export const allows = (state: ConsentState, category: ConsentCategory): boolean => state[category];

/** The cookie's value: the allowed categories joined by "." ("required.functional"); "" before any choice. */
export function serializeConsent(state: ConsentState): string {
  return CONSENT_CATEGORIES.filter((category) => state[category]).join(".");
}

/**
 * The state a cookie value stands for. A value that is not a "."-list of known categories
 * including "required", or is missing, is no choice at all (the banner asks again).
 */
export function parseConsent(value: string | null | undefined): ConsentState {
  if (!value) return INITIAL_CONSENT;
  const parts = value.split(".");
  if (!parts.includes("required") || parts.some((part) => !(CONSENT_CATEGORIES as readonly string[]).includes(part)))
    return INITIAL_CONSENT;
  return { required: true, functional: parts.includes("functional"), advertising: parts.includes("advertising") };
}

/** The consent state in a Cookie header (server) or `document.cookie` (browser). */
export function consentFromCookieHeader(header: string | null | undefined): ConsentState {
  if (!header) return INITIAL_CONSENT;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== CONSENT_COOKIE_NAME) continue;
    let value = pair.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return INITIAL_CONSENT;
    }
    return parseConsent(value);
  }
  return INITIAL_CONSENT;
}

/** A choice from the banner or the preferences: accept all, reject all, or one per category. */
export type ConsentChoice =
  { intent: "accept-all" } | { intent: "reject-all" } | { intent: "save"; functional: boolean; advertising: boolean };

/** The state a choice leads to; `required` is always part of a choice. */
export function consentAfter(choice: ConsentChoice): ConsentState {
  switch (choice.intent) {
    case "accept-all":
      return { required: true, functional: true, advertising: true };
    case "reject-all":
      return { required: true, functional: false, advertising: false };
    case "save":
      return { required: true, functional: choice.functional, advertising: choice.advertising };
  }
}

/**
 * What a page's server render depends on in the consent state: the page cache keys shared
 * copies by it (the banner shows before a choice; reviews render only with functional consent).
 */
export function consentVariant(state: ConsentState): string {
  return serializeConsent(state) || "none";
}

/** A script the consent store registers (catalogue spec section 3): loaded only under its category. */
export interface ConsentScript {
  /** A stable name ("reviews", "gtm"). */
  id: string;
  category: ConsentCategory;
  /** Absolute URL of the script; its origin is allowed by the Content-Security-Policy. */
  src: string;
  /** On denial, remove the script element and any link elements it added. */
  removeOnDecline: boolean;
}
