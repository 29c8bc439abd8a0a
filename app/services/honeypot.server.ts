// The honeypot on public forms (issue 6 "Brute force"; remix-utils): a hidden
// field people leave empty and bots fill in, plus an encrypted "valid from"
// time. The root loader hands its inputs to every form.
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "~/env.server";

export const honeypot = new Honeypot({ encryptionSeed: env.SESSION_SECRET });

/** True when a posted form tripped the honeypot. */
export function isSpam(formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
