// The contact form's messages (issue 8 "Contact form"; shop-core spec section 7,
// /api/send-contact-us): each is rate limited per client address, stored as a
// ContactMessage and emailed to the support address with the shopper as Reply-To.
import type { PrismaClient } from "~/generated/prisma/client";
import type { ContactInput } from "~/models/contact";
import { SITE_NAME, type SiteId } from "~/models/site";
import type { EmailService } from "~/services/email/types";
import { contactUsEmail } from "~/services/email/templates";
import { createRateLimiter, type RateLimiter } from "~/services/rate-limit.server";

export interface ContactServiceOptions {
  /** Where messages go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Messages per client address per hour (CONTACT_RATE_LIMIT_PER_HOUR). */
  limitPerHour: number;
  /** The limiter that counts them (the shop's registry's "contact" budget); by default one of its own. */
  limiter?: RateLimiter;
  /** The clock (tests). */
  now?: () => number;
  /** Where a failed support email is reported. */
  logError?: (message: string, error: unknown) => void;
}

export interface ContactRequest {
  site: SiteId;
  /** The signed-in customer, if any. */
  customerId: string | null;
  /** The form's fields, already valid (contactSchema). */
  input: ContactInput;
  /** The sender's address, the rate limit's key. */
  clientIp: string;
}

export type SendContactResult =
  { ok: true; id: string } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** The rate limit's window: one hour. */
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;

/** The contact service over a database and an email service. */
export function createContactService(db: PrismaClient, email: EmailService, options: ContactServiceOptions) {
  const limiter = options.limiter ?? createRateLimiter({ limit: options.limitPerHour, windowMs: CONTACT_WINDOW_MS });
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((message, error) => console.error(message, error));

  return {
    /**
     * Stores a message and emails it to support. Refused (not stored) once the
     * address has sent `limitPerHour` messages in the last hour. A failed email
     * keeps the stored message (emailMessageId stays empty) and still answers ok:
     * the shopper's words are kept for support to read.
     */
    async sendContactMessage({ site, customerId, input, clientIp }: ContactRequest): Promise<SendContactResult> {
      const verdict = limiter.attempt(clientIp, now());
      if (!verdict.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
      const row = await db.contactMessage.create({
        data: {
          site,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          orderNumber: input.orderNumber ?? null,
          topic: input.topic,
          message: input.message,
          customerId,
        },
        select: { id: true },
      });
      try {
        const sent = await email.send(
          contactUsEmail({
            ...input,
            to: options.supportEmail,
            site: `${SITE_NAME[site]} (${site})`,
            customerId,
            reference: row.id,
          }),
        );
        await db.contactMessage.update({ where: { id: row.id }, data: { emailMessageId: sent.id } });
      } catch (error) {
        logError(`contact: the support email for message ${row.id} failed`, error);
      }
      return { ok: true, id: row.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
