import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { createEmailService } from "./email.server";
import type { EmailService } from "./types";

export type { EmailInput, EmailService } from "./types";

/** The shop's email, by EMAIL_TRANSPORT: the database outbox unless SMTP is configured. */
export const email: EmailService = createEmailService(prisma, {
  transport: env.EMAIL_TRANSPORT,
  from: env.EMAIL_FROM,
  smtpUrl: env.SMTP_URL,
});
