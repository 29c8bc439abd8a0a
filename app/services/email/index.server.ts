import { env } from "~/env.server";
import { outbox } from "~/services/outbox/index.server";
import { createEmailService } from "./email.server";
import type { EmailService } from "./types";

export type { EmailInput, EmailService } from "./types";

/**
 * The shop's email: written to the outbox with the caller's transaction, delivered by
 * the outbox job with EMAIL_TRANSPORT (SMTP, or the database only in development).
 */
export const email: EmailService = createEmailService(outbox, { transport: env.EMAIL_TRANSPORT, from: env.EMAIL_FROM });
