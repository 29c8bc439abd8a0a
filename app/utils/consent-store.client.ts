// The browser's consent store (catalogue spec sections 3 and 4; docs/rules.md "Consent"): one
// registry per page, fed by the consent cookie, polled every CONSENT_POLL_MS and refreshed at
// once on a same-origin "submit_preferences" message. It adds the elements of approved
// scripts and removes those of declined scripts flagged removeOnDecline.
import {
  CONSENT_POLL_MS,
  consentFromCookieHeader,
  SUBMIT_PREFERENCES_MESSAGE,
  type ConsentCategory,
  type ConsentScript,
  type ConsentState,
} from "~/models/consent";
import { createScriptRegistry, type ApprovalSource, type ScriptRegistry } from "~/models/script-registry";

/** Marks the elements the store added, by script id. */
const SCRIPT_ATTRIBUTE = "data-consent-script";

let registry: ScriptRegistry = createScriptRegistry();

/**
 * Runs `hook` on each approval of `category` (at once when it is already approved); returns a
 * function that removes it. For code that may act only under a category (an analytics helper).
 */
export function onConsentApproved(category: ConsentCategory, hook: () => void): () => void {
  return registry.onApproved(category, hook);
}

/** The page's CSP nonce, as the browser exposes it (the attribute reads empty; the property does not). */
function pageNonce(doc: Document): string {
  for (const script of doc.querySelectorAll<HTMLScriptElement>("script")) {
    const nonce = script.nonce || script.getAttribute("nonce");
    if (nonce) return nonce;
  }
  return "";
}

function load(doc: Document, script: ConsentScript): void {
  const present = [...doc.querySelectorAll(`script[${SCRIPT_ATTRIBUTE}]`)].some(
    (element) => element.getAttribute(SCRIPT_ATTRIBUTE) === script.id,
  );
  if (present) return;
  const element = doc.createElement("script");
  element.src = script.src;
  element.async = true;
  const nonce = pageNonce(doc);
  if (nonce) element.nonce = nonce;
  element.setAttribute(SCRIPT_ATTRIBUTE, script.id);
  doc.head.appendChild(element);
}

/**
 * Removes a declined script's element and the script and link elements it added: those
 * loaded from its origin, unless that is the shop's own origin (then only its own src), so
 * the shop's scripts and styles stay.
 */
function remove(doc: Document, script: ConsentScript): void {
  const origin = new URL(script.src, doc.baseURI).origin;
  const own = origin === new URL(doc.baseURI).origin;
  for (const element of doc.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script, link")) {
    const address = element instanceof HTMLScriptElement ? element.src : (element as HTMLLinkElement).href;
    const marked = element.getAttribute(SCRIPT_ATTRIBUTE) === script.id;
    const fromScript = address === new URL(script.src, doc.baseURI).href;
    const fromOrigin = !own && Boolean(address) && new URL(address, doc.baseURI).origin === origin;
    if (marked || fromScript || fromOrigin) element.remove();
  }
}

export interface ConsentStoreOptions {
  scripts: ConsentScript[];
  /** Called with the new state whenever the store applied a change. */
  onChange?: (state: ConsentState) => void;
  window?: Window;
}

/**
 * Starts the store on a page: registers the scripts, applies the cookie's state at once, then
 * every CONSENT_POLL_MS (so another tab's choice applies too) and on each submit_preferences
 * message from this origin. Returns a function that stops it.
 */
export function startConsentStore(options: ConsentStoreOptions): () => void {
  const win = options.window ?? window;
  const doc = win.document;
  const apply = (source: ApprovalSource) => {
    const before = registry.state;
    const { load: toLoad, remove: toRemove } = registry.sync(consentFromCookieHeader(doc.cookie), source);
    for (const script of toRemove) remove(doc, script);
    for (const script of toLoad) load(doc, script);
    if (registry.state !== before) options.onChange?.(registry.state);
  };
  for (const script of options.scripts) for (const loaded of registry.register(script)) load(doc, loaded);
  apply("cookie-poll");
  const timer = win.setInterval(() => apply("cookie-poll"), CONSENT_POLL_MS);
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.data !== SUBMIT_PREFERENCES_MESSAGE) return;
    apply("preference-manager");
  };
  win.addEventListener("message", onMessage);
  return () => {
    win.clearInterval(timer);
    win.removeEventListener("message", onMessage);
  };
}

/** A fresh registry (tests). */
export function resetConsentStore(): void {
  registry = createScriptRegistry();
}
