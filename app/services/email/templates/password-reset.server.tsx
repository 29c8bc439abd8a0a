// The password-reset email (docs/rules.md "Password reset"): the one-use link, for an hour.
import type { SiteId } from "~/models/site";
import type { EmailInput } from "~/services/email/types";
import { paragraphsEmail } from "./paragraphs.server";

/** The password-reset link: one use, expires in an hour. */
export function passwordResetEmail(site: SiteId, to: string, link: string): Promise<EmailInput> {
  return paragraphsEmail({
    site,
    to,
    subject: "Reset your password",
    template: "password-reset",
    paragraphs: [
      "We received a request to reset the password of your account.",
      "Choose a new password with the button below. The link works once, for one hour.",
      "If you did not ask for this, ignore this email: your password stays the same.",
    ],
    links: [{ label: "Choose a new password", href: link }],
  });
}
