import { prisma } from "~/db.server";
import { rateLimitSettings, siteSettings } from "~/env.server";
import { contactTopics, type ContactContent } from "~/models/contact";
import type { SiteId } from "~/models/site";
import { content } from "~/services/content/index.server";
import { email } from "~/services/email/index.server";
import { rateLimits } from "~/services/http/index.server";
import { createContactService } from "./contact.server";

export { createContactService, type SendContactResult } from "./contact.server";

/** The shop's contact messages: to SUPPORT_EMAIL, CONTACT_RATE_LIMIT_PER_HOUR per address. */
export const contact = createContactService(prisma, email, {
  supportEmail: siteSettings.SUPPORT_EMAIL,
  limitPerHour: rateLimitSettings.CONTACT_RATE_LIMIT_PER_HOUR,
  limiter: rateLimits.limiter("contact"),
});

/** A site's contact entry (heading, details, topics) or null, and the topics its form offers. */
export async function contactPageOf(site: SiteId): Promise<{ details: ContactContent | null; topics: string[] }> {
  const details = await content.getContact(site);
  return { details, topics: contactTopics(details) };
}
