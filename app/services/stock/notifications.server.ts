// "Notify me when it's back" (docs/rules.md "Back in stock"): a shopper asks to hear when an
// out-of-stock variant returns; the back-in-stock job emails each waiting address once, whatever
// path brought the stock back (the back-office editor, a cancelled order, a stock sync).
import type { PrismaClient } from "~/generated/prisma/client";
import type { SiteId } from "~/models/site";
import { storedSite } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { inStock } from "~/models/merchant";
import { STOCK_NOTIFICATION_MESSAGES as M, StockNotificationError } from "~/models/stock-notification";
import { backInStockEmail, emailImageUrl, type EmailService } from "~/services/email/index.server";
import type { RateLimiter } from "~/services/http/index.server";
import { logger } from "~/services/observability/index.server";
import { publicUrl } from "~/services/site/index.server";
import { isUniqueViolation } from "~/models/unique-violation";

export interface StockNotificationRequest {
  site: SiteId;
  variantId: string;
  /** The signed-in customer: their account's address is used, never one from the form. */
  customerId: string | null;
  /** A guest's address, already valid and lower-cased (notifyMeSchema); ignored when signed in. */
  email?: string;
  /** The sender's address, the rate limit's key. */
  clientIp: string;
}

export type StockNotificationResult =
  { ok: true; email: string } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** Waiting requests taken per query by the job, and at most this many emails per run. */
const BATCH = 50;
const MAX_PER_RUN = 1000;

export function createStockNotifications(
  db: PrismaClient,
  email: EmailService,
  options: { limiter: RateLimiter; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());

  return {
    /**
     * Keeps one request per variant and address (a repeat changes nothing; one already emailed
     * waits again, since the variant is out again). Refused (nothing kept) past the rate limit,
     * for a variant the site does not sell (404) and for one in stock (409). The answer is the
     * same whether or not the address has an account or had already asked.
     */
    async request(input: StockNotificationRequest): Promise<StockNotificationResult> {
      const verdict = await options.limiter.attempt(input.clientIp, now().getTime());
      if (!verdict.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
      let address = input.email;
      if (input.customerId) {
        const customer = await db.customer.findUnique({ where: { id: input.customerId }, select: { email: true } });
        address = customer?.email.toLowerCase();
      }
      // The schema requires a guest's address; a session always has its customer.
      if (!address) throw new Error("A stock notification needs an address.");
      const variant = await db.productVariant.findFirst({
        where: { id: input.variantId, product: { [sitePolicy(input.site).soldOnFlag]: true } },
        select: { inventory: true },
      });
      if (!variant) throw new StockNotificationError("unknown_variant", M.unknownVariant);
      if (inStock(variant)) throw new StockNotificationError("in_stock", M.inStock);
      const key = { variantId_email: { variantId: input.variantId, email: address } };
      const data = { site: input.site, ...(input.customerId ? { customerId: input.customerId } : {}) };
      try {
        await db.stockNotification.upsert({
          where: key,
          create: { variantId: input.variantId, email: address, ...data },
          update: { ...data, notifiedAt: null },
        });
      } catch (error) {
        // The same request, kept by a concurrent post a moment earlier: the outcome is the same.
        if (!isUniqueViolation(error)) throw error;
      }
      return { ok: true, email: address };
    },

    /**
     * The back-in-stock job: every waiting request whose variant's inventory is above 0 gets its
     * email. Each is marked notified by a conditional update in the transaction that writes its
     * email to the outbox, so however many runners run at once, each address is emailed once.
     */
    async notifyBackInStock(): Promise<{ notified: number }> {
      let notified = 0;
      const seen = new Set<string>();
      while (seen.size < MAX_PER_RUN) {
        const due = await db.stockNotification.findMany({
          // In stock as `inStock` (app/models/merchant.ts) has it: inventory above 0.
          where: { notifiedAt: null, variant: { inventory: { gt: 0 } }, id: { notIn: [...seen] } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: BATCH,
          select: {
            id: true,
            email: true,
            site: true,
            variant: {
              select: {
                title: true,
                url: true,
                images: { orderBy: { position: "asc" }, take: 1, select: { url: true } },
                product: {
                  select: { title: true, images: { orderBy: { position: "asc" }, take: 1, select: { url: true } } },
                },
              },
            },
          },
        });
        if (due.length === 0) break;
        for (const row of due) {
          seen.add(row.id);
          const site = storedSite(row.site);
          const { variant } = row;
          // Rendered before the transaction, so no database lock waits on the template.
          const message = await backInStockEmail({
            site,
            to: row.email,
            productTitle: variant.product.title,
            variantTitle: variant.title,
            url: publicUrl(site, `/products/${variant.url}`),
            imageUrl: emailImageUrl(site, (variant.images[0] ?? variant.product.images[0])?.url),
          });
          const sent = await db.$transaction(async (tx) => {
            const claimed = await tx.stockNotification.updateMany({
              where: { id: row.id, notifiedAt: null },
              data: { notifiedAt: now() },
            });
            if (claimed.count !== 1) return false;
            await email.enqueue(tx, message);
            return true;
          });
          if (sent) notified++;
        }
      }
      if (notified > 0) logger().info({ notified }, "back in stock: emails queued");
      return { notified };
    },
  };
}
