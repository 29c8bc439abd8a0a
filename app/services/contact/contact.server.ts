// The contact form's messages (shop-core spec section 7,
// /api/send-contact-us): each is rate limited per client address, stored as a
// ContactMessage and emailed to the support address with the shopper as Reply-To.
import type { PrismaClient } from "~/generated/prisma/client";
import type { ContactInput } from "~/models/contact";
import { SITE_NAME, type SiteId } from "~/models/site";
import { type EmailService, contactUsEmail } from "~/services/email/index.server";
import { createRateLimiter, type RateLimiter } from "~/services/http/index.server";

export interface ContactServiceOptions {
  /** Where messages go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Messages per client address per hour (CONTACT_RATE_LIMIT_PER_HOUR). */
  limitPerHour: number;
  /** The limiter that counts them (the shop's registry's "contact" budget); by default one of its own. */
  limiter?: RateLimiter;
  /** The clock (tests). */
  now?: () => number;
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

/** The contact service over a database and an email service (which writes to the outbox). */
export function createContactService(db: PrismaClient, email: EmailService, options: ContactServiceOptions) {
  const limiter =
    options.limiter ??
    createRateLimiter({ name: "contact", limit: options.limitPerHour, windowMs: CONTACT_WINDOW_MS, db });
  const now = options.now ?? Date.now;

  return {
    /**
     * Stores a message and its email to support (the outbox delivers it). Refused
     * (not stored) once the address has sent `limitPerHour` messages in the last hour.
     */
    async sendContactMessage({ site, customerId, input, clientIp }: ContactRequest): Promise<SendContactResult> {
      const verdict = await limiter.attempt(clientIp, now());
      if (!verdict.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
      // The message, its support email and the link between them: all kept, or none (docs/rules.md "Outbox").
      const row = await db.$transaction(async (tx) => {
        const stored = await tx.contactMessage.create({
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
        const queued = await email.enqueue(
          tx,
          await contactUsEmail({
            ...input,
            to: options.supportEmail,
            siteId: site,
            site: `${SITE_NAME[site]} (${site})`,
            customerId,
            reference: stored.id,
          }),
        );
        await tx.contactMessage.update({ where: { id: stored.id }, data: { emailMessageId: queued.id } });
        return stored;
      });
      return { ok: true, id: row.id };
    },
  };
}
