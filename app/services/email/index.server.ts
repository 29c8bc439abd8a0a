import { prisma } from "~/db.server";
import { emailSettings, siteSettings } from "~/env.server";
import { outbox } from "~/services/outbox/index.server";
import { createEmailDelivery, createEmailService, findEmail } from "./email.server";
import type { EmailService } from "./types";

export type { EmailInput, EmailService } from "./types";

/**
 * The shop's email: written to the outbox with the caller's transaction, delivered by
 * the outbox job with EMAIL_TRANSPORT (SMTP, or the database only in development).
 */
export const email: EmailService = createEmailService(outbox, {
  transport: emailSettings.EMAIL_TRANSPORT,
  from: emailSettings.EMAIL_FROM,
});

/** The outbox's "email" handler: SMTP with nodemailer, or the database only (EMAIL_TRANSPORT=outbox). */
export const emailDelivery = createEmailDelivery(prisma, {
  transport: emailSettings.EMAIL_TRANSPORT,
  smtpUrl: emailSettings.SMTP_URL,
  messageIdHost: new URL(siteSettings.PUBLIC_URL).hostname,
});

/** One email as written, with its delivery state (the developers' outbox page, /dev/outbox). */
export const readEmail = (id: string) => findEmail(prisma, id);

export { EMAIL_TOPIC } from "./email.server";
export * from "./links.server";
export * from "./order-confirmation.server";
export * from "./templates/index.server";
export { emailImageUrl, emailShop, type EmailShop } from "./shop.server";
export * from "./types";
