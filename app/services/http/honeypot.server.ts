// The honeypot on public forms (docs/rules.md "Public-form honeypot"; remix-utils): a hidden field
// people leave empty and bots fill in, plus an encrypted "valid from" time. The
// root loader hands its inputs to every form (rendered on the server, so they
// are there without JavaScript).
import { Honeypot } from "remix-utils/honeypot/server";
import { sessionSettings } from "~/env.server";

export const honeypot = new Honeypot({ encryptionSeed: sessionSettings.SESSION_SECRET });

/** The names of the two honeypot inputs every public form posts. */
const HONEYPOT_FIELDS = {
  name: honeypot.getInputProps().nameFieldName,
  // remix-utils names it unless configured otherwise; we never turn it off.
  validFrom: honeypot.getInputProps().validFromFieldName ?? "from__confirm",
} as const;

/** How long one set of honeypot inputs is handed out: encrypting the time costs more than the rest of the root loader. */
const HONEYPOT_REUSE_MS = 1000;
let issued: { at: number; props: ReturnType<Honeypot["getInputProps"]> } | null = null;

/**
 * The honeypot inputs for a page. The same encrypted "valid from" time is handed out
 * for up to a second (docs/rules.md "Root loader: cheap"): it says when a form was
 * shown, and a time a second old is still in the past, so every check passes as before.
 */
export function honeypotInputProps(now = Date.now()): ReturnType<Honeypot["getInputProps"]> {
  if (!issued || now - issued.at >= HONEYPOT_REUSE_MS || now < issued.at) {
    issued = { at: now, props: honeypot.getInputProps({ validFromTimestamp: now }) };
  }
  return issued.props;
}

/** What a refused public form post is told (400). */
export const SPAM_MESSAGE = "Your form could not be sent. Reload the page and try again.";

/**
 * True when a posted public form must be refused: its honeypot inputs are
 * missing (remix-utils alone skips the check then, so a bot that drops them
 * would pass), the hidden field is filled in, or the "valid from" time is not
 * one we issued (undecryptable, in the future, not a number).
 */
export function isSpam(formData: FormData): boolean {
  if (!formData.has(HONEYPOT_FIELDS.name) || !formData.has(HONEYPOT_FIELDS.validFrom)) return true;
  try {
    honeypot.check(formData);
    return false;
  } catch {
    // SpamError, or crypto-js failing on a forged "valid from" (malformed UTF-8): both are a refusal.
    return true;
  }
}
