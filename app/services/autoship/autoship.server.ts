// The autoship engine and the subscription operations (shop-core spec
// section 3 subscription fields). Recurring orders go
// through the same reserve → charge → complete path as checkout, keyed
// "autoship:{subscription}:{due date}", so a second run creates nothing twice.
import type { PrismaClient } from "~/generated/prisma/client";
import { formatAddress, parseAddress, type PostalAddress } from "~/models/address";
import {
  isAllowedNextDate,
  nextOrderDate,
  nextOrderDateAfterOrder,
  reactivatedNextDate,
  reminderWindow,
  subscriptionPrice,
  swapRefusal,
  ymd,
} from "~/models/autoship";
import { CANCEL_NOTE_MAX, cancelReasonText, isCancelReason } from "~/models/autoship-forms";
import { MAX_AUTOSHIP_PER_LINE } from "~/models/cart-limits";
import { ORDER_TYPE_CLINIC, ORDER_TYPE_DIRECT, SALES_ORG } from "~/models/checkout";
import { siteIdOf, storedSite } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { DEFAULT_SHOP_TIME_ZONE } from "~/models/shop-time";
import { expiringCardNotice } from "~/models/payment-cards";
import { changeCardRefusal } from "~/models/payment-methods";
import {
  autoshipsLink,
  paymentMethodsLink,
  orderConfirmationFor,
  autoshipFailedEmail,
  autoshipReminderEmail,
  autoshipSkippedEmail,
  emailImageUrl,
  type AutoshipFailure,
  type EmailInput,
  type EmailService,
} from "~/services/email/index.server";
import {
  chargeReservedOrder,
  OrderError,
  releaseStalePendingOrders,
  reserveOrder,
  type PricingConfig,
} from "~/services/orders/index.server";
import type { PaymentProvider } from "~/services/payment/index.server";
import type { StockDestination, StockProvider } from "~/services/stock/index.server";
import { serviceErrorWithStatus } from "~/models/service-error";
import { isUniqueViolation } from "~/models/unique-violation";

/** Pending orders older than this were abandoned by a crash and are released. */
const STALE_PENDING_MS = 15 * 60_000;

export { ymd } from "~/models/autoship";

export type SubscriptionErrorCode = "NOT_FOUND" | "CANCELLED" | "INVALID";

/** The HTTP status each refusal is answered with (docs/rules.md "Service errors know their status"). */
const SUBSCRIPTION_ERROR_STATUS: Record<SubscriptionErrorCode, number> = {
  NOT_FOUND: 404,
  CANCELLED: 409,
  INVALID: 400,
};

/** A refused subscription change; nothing was changed. */
export class SubscriptionError extends serviceErrorWithStatus<SubscriptionErrorCode>(
  "SubscriptionError",
  SUBSCRIPTION_ERROR_STATUS,
) {}

export interface AutoshipDeps {
  db: PrismaClient;
  payments: PaymentProvider;
  email: EmailService;
  pricing: (site: string, customerId: string | null) => Promise<PricingConfig>;
  /** Days before an order that the reminder goes out (0 = no reminders). */
  reminderDays: number;
  /** Stock for a swap, and whether home delivery reaches a new address. */
  stock: Pick<StockProvider, "getProductsStock" | "coversZip">;
  /** An address of the customer's own address book, or null when they have none by that id. */
  address: (customerId: string, addressId: string) => Promise<PostalAddress | null>;
  /** SHOP_TIME_ZONE: the days a customer chooses are days there (docs/rules.md "Shop time"). */
  timeZone?: string;
  now?: () => Date;
  log?: (message: string) => void;
}

export type RecurringOutcome = "ordered" | "already" | AutoshipFailure;

export interface RunSummary {
  due: number;
  ordered: number;
  outOfStock: number;
  declined: number;
  /** Staff-feeding members past their monthly quota. */
  overQuota: number;
  alreadyDone: number;
  reminders: number;
  errors: number;
  released: number;
}

const subscriptionInclude = {
  customer: { select: { email: true, clinicId: true, site: true } },
  // The pictures the emails show (the cart's rule: the variant's first, else the product's first).
  product: {
    select: {
      title: true,
      images: { where: { variantId: null }, take: 1, orderBy: { position: "asc" }, select: { url: true } },
    },
  },
  variant: {
    select: { title: true, images: { take: 1, orderBy: { position: "asc" }, select: { url: true } } },
  },
} as const;

export function createAutoship(deps: AutoshipDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((message: string) => console.log(message));

  type Sub = NonNullable<Awaited<ReturnType<typeof loadSubscription>>>;

  function loadSubscription(id: string) {
    return db.subscription.findUnique({ where: { id }, include: subscriptionInclude });
  }

  const emailData = (sub: Sub) => ({
    site: storedSite(sub.customer.site),
    imageUrl: emailImageUrl(storedSite(sub.customer.site), sub.variant.images[0]?.url ?? sub.product.images[0]?.url),
    email: sub.customer.email,
    productTitle: sub.product.title,
    variantTitle: sub.variant.title,
    quantity: sub.quantity,
    frequency: sub.frequency,
    nextOrderDate: sub.nextOrderDate,
    link: autoshipsLink(sub.customer.site),
    paymentMethodsLink: paymentMethodsLink(sub.customer.site),
  });

  /**
   * Claims an event (unique per subscription, due date and kind) and enqueues its email in
   * the same transaction (docs/rules.md "Outbox"); false when it already happened.
   */
  async function claim(subscriptionId: string, dueDate: string, kind: string, message: EmailInput): Promise<boolean> {
    try {
      await db.$transaction(async (tx) => {
        await tx.autoshipEvent.create({ data: { subscriptionId, dueDate, kind } });
        await deps.email.enqueue(tx, message);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Creates the subscription's order for a due date: "ordered" on success, or
   * why not. The date advances one period only when the order was created.
   */
  async function placeRecurringOrder(
    sub: Sub,
    key: string,
    dueDate: string,
    nextDate: (placedAt: Date) => Date,
  ): Promise<RecurringOutcome> {
    const address = parseAddress(sub.shippingAddress);
    if (!address) throw new SubscriptionError("INVALID", `Subscription ${sub.contractId} has no delivery address.`);
    const pricing = await deps.pricing(sub.site, sub.customerId);
    let reserved;
    try {
      reserved = await db.$transaction(
        (tx) =>
          reserveOrder(tx, {
            site: sub.site,
            customerId: sub.customerId,
            email: sub.customer.email,
            address,
            lines: [{ variantId: sub.variantId, quantity: sub.quantity, sellingPlanId: sub.sellingPlanId }],
            discountCodes: [],
            attributes: [
              { key: "SALES_ORG", value: SALES_ORG },
              {
                key: "SALES_ORD_TYPE",
                value:
                  sitePolicy(siteIdOf(sub.site)).shipsToClinic && sub.customer.clinicId
                    ? ORDER_TYPE_CLINIC
                    : ORDER_TYPE_DIRECT,
              },
              { key: "sgOrderType", value: "recurringSubscription" },
              { key: "subscription_contract_id", value: sub.contractId },
            ],
            source: "autoship",
            idempotencyKey: key,
            requestHash: null,
            pricing,
            // A renewal gives nothing in this version (docs/decisions.md "Donations (orders)").
            donation: null,
          }),
        { timeout: 15_000 },
      );
    } catch (error) {
      if (isUniqueViolation(error)) return "already";
      if (error instanceof OrderError && error.code === "OUT_OF_STOCK") return "out_of_stock";
      if (error instanceof OrderError && error.code === "QUOTA_EXCEEDED") return "over_quota";
      throw error;
    }
    // Rendered before the completing transaction, which only writes it (docs/decisions.md "Emails").
    const confirmation = await orderConfirmationFor(db, reserved.id, "autoship");
    try {
      await chargeReservedOrder(
        db,
        deps.payments,
        reserved,
        { tokenId: sub.paymentTokenId, customerId: sub.customerId, summary: null },
        async (tx) => {
          await tx.autoshipEvent.create({
            data: { subscriptionId: sub.id, dueDate, kind: "ordered", orderId: reserved.id },
          });
          await tx.subscription.update({ where: { id: sub.id }, data: { nextOrderDate: nextDate(now()) } });
          // The confirmation is kept with the order or not at all (docs/rules.md "Outbox").
          await deps.email.enqueue(tx, confirmation);
        },
      );
    } catch (error) {
      if (error instanceof OrderError && error.code === "PAYMENT_DECLINED") return "declined";
      if (isUniqueViolation(error)) return "already";
      throw error;
    }
    return "ordered";
  }

  /** The next date after an order placed for `due` (docs/rules.md "Autoship"). */
  const advance = (sub: Sub, due: Date) => (placedAt: Date) =>
    nextOrderDateAfterOrder(due, placedAt, sub.frequencyDays);

  async function owned(customerId: string, id: string): Promise<Sub> {
    const sub = await loadSubscription(id);
    if (!sub || sub.customerId !== customerId) throw new SubscriptionError("NOT_FOUND", "That autoship was not found.");
    return sub;
  }

  /** Where the subscription's orders go: a clinic member's on a site that ships to clinics, else home. */
  const destinationOf = (sub: Sub): StockDestination =>
    sitePolicy(siteIdOf(sub.site)).shipsToClinic && sub.customer.clinicId ? "CLINIC" : "HOME";

  async function active(customerId: string, id: string): Promise<Sub> {
    const sub = await owned(customerId, id);
    if (sub.cancelled) throw new SubscriptionError("CANCELLED", "This autoship is cancelled. Reactivate it first.");
    return sub;
  }

  return {
    /**
     * One run: reminders for orders coming up, then every due subscription's
     * order. Failures are emailed once per due date and retried on later runs;
     * one subscription's failure never stops the others.
     */
    async run(): Promise<RunSummary> {
      const at = now();
      const summary: RunSummary = {
        due: 0,
        ordered: 0,
        outOfStock: 0,
        overQuota: 0,
        declined: 0,
        alreadyDone: 0,
        reminders: 0,
        errors: 0,
        released: await releaseStalePendingOrders(db, new Date(at.getTime() - STALE_PENDING_MS)),
      };

      const reminders = reminderWindow(at, deps.reminderDays);
      if (reminders) {
        const upcoming = await db.subscription.findMany({
          where: { cancelled: false, nextOrderDate: { gt: reminders.after, lte: reminders.until } },
          include: subscriptionInclude,
        });
        // The cards of the announced orders, read through the payment provider in one lookup, so
        // a card that will have expired by the order date is flagged (docs/rules.md "Saved cards").
        const tokenIds = upcoming.flatMap((sub) => (sub.paymentTokenId ? [sub.paymentTokenId] : []));
        const cards = new Map((await deps.payments.cardsByIds(tokenIds)).map((card) => [card.id, card]));
        for (const sub of upcoming) {
          const card = sub.paymentTokenId ? cards.get(sub.paymentTokenId) : undefined;
          const cardNotice =
            card && card.customerId === sub.customerId
              ? expiringCardNotice(card, sub.nextOrderDate, deps.timeZone ?? DEFAULT_SHOP_TIME_ZONE)
              : null;
          try {
            if (
              await claim(
                sub.id,
                ymd(sub.nextOrderDate),
                "reminder",
                await autoshipReminderEmail({ ...emailData(sub), cardNotice }),
              )
            ) {
              summary.reminders++;
            }
          } catch (error) {
            // Nothing was kept: the next run tries again.
            summary.errors++;
            log(`autoship: reminder for ${sub.contractId} failed: ${String(error)}`);
          }
        }
      }

      const due = await db.subscription.findMany({
        where: { cancelled: false, nextOrderDate: { lte: at } },
        include: subscriptionInclude,
        orderBy: { nextOrderDate: "asc" },
      });
      summary.due = due.length;
      for (const sub of due) {
        const dueDate = ymd(sub.nextOrderDate);
        try {
          const outcome = await placeRecurringOrder(
            sub,
            `autoship:${sub.id}:${dueDate}`,
            dueDate,
            advance(sub, sub.nextOrderDate),
          );
          if (outcome === "ordered") summary.ordered++;
          else if (outcome === "already") summary.alreadyDone++;
          else {
            if (outcome === "out_of_stock") summary.outOfStock++;
            else if (outcome === "over_quota") summary.overQuota++;
            else summary.declined++;
            await claim(sub.id, dueDate, outcome, await autoshipFailedEmail(emailData(sub), outcome));
          }
        } catch (error) {
          summary.errors++;
          log(`autoship: ${sub.contractId} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      log(
        `autoship run: ${summary.due} due, ${summary.ordered} ordered, ${summary.outOfStock} out of stock, ${summary.overQuota} over quota, ` +
          `${summary.declined} declined, ${summary.alreadyDone} already done, ${summary.reminders} reminders, ` +
          `${summary.errors} errors, ${summary.released} stale orders released`,
      );
      return summary;
    },

    /** A customer's subscriptions, active first, each with its product. */
    list(customerId: string) {
      return db.subscription.findMany({
        where: { customerId },
        orderBy: [{ cancelled: "asc" }, { nextOrderDate: "asc" }],
        include: { ...subscriptionInclude, sellingPlan: true },
      });
    },

    async changeFrequency(customerId: string, id: string, sellingPlanId: string) {
      await active(customerId, id);
      const plan = await db.sellingPlan.findUnique({ where: { id: sellingPlanId } });
      if (!plan) throw new SubscriptionError("INVALID", "Choose one of the delivery frequencies.", "sellingPlanId");
      await db.subscription.update({
        where: { id },
        data: { sellingPlanId: plan.id, frequencyDays: plan.frequencyDays, frequency: plan.name },
      });
    },

    /** Shop-core spec section 9: 1 to 5 per autoship line. */
    async changeQuantity(customerId: string, id: string, quantity: number) {
      await active(customerId, id);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_AUTOSHIP_PER_LINE) {
        throw new SubscriptionError("INVALID", `Choose a quantity from 1 to ${MAX_AUTOSHIP_PER_LINE}.`, "quantity");
      }
      await db.subscription.update({ where: { id }, data: { quantity } });
    },

    /** Skips the next order: the date moves one period on, and the confirmation is queued with it. */
    async skipNext(customerId: string, id: string) {
      const sub = await active(customerId, id);
      const next = nextOrderDate(sub.nextOrderDate, sub.frequencyDays);
      const skipped = await autoshipSkippedEmail({ ...emailData(sub), nextOrderDate: next }, sub.nextOrderDate);
      await db.$transaction(async (tx) => {
        await tx.subscription.update({ where: { id }, data: { nextOrderDate: next } });
        await deps.email.enqueue(tx, skipped);
      });
    },

    /** Moves the next order to another day, from tomorrow up to a year ahead. */
    async changeNextDate(customerId: string, id: string, date: Date) {
      await active(customerId, id);
      if (!isAllowedNextDate(date, now(), deps.timeZone ?? DEFAULT_SHOP_TIME_ZONE)) {
        throw new SubscriptionError("INVALID", "Choose a date from tomorrow up to a year ahead.", "nextOrderDate");
      }
      await db.subscription.update({ where: { id }, data: { nextOrderDate: date } });
    },

    /** Places the next order today (once per day); the schedule continues from today. */
    async orderNow(customerId: string, id: string): Promise<RecurringOutcome> {
      const sub = await active(customerId, id);
      const at = now();
      return placeRecurringOrder(sub, `autoship:${sub.id}:now:${ymd(at)}`, `now:${ymd(at)}`, (placedAt) =>
        nextOrderDate(placedAt, sub.frequencyDays),
      );
    },

    /**
     * Pays the autoship with another of the customer's saved cards (docs/rules.md "Saved cards"):
     * another customer's token is not found (404), a card expired by the next order is refused.
     * The card is returned for the page's notice.
     */
    async changeCard(customerId: string, id: string, tokenId: string) {
      const sub = await active(customerId, id);
      const card = (await deps.payments.listCards(customerId)).find((c) => c.id === tokenId);
      if (!card) throw new SubscriptionError("NOT_FOUND", "That card was not found.");
      const refusal = changeCardRefusal(card, sub.nextOrderDate);
      if (refusal) throw new SubscriptionError("INVALID", refusal, "tokenId");
      await db.subscription.update({ where: { id }, data: { paymentTokenId: card.id } });
      return card;
    },

    /**
     * Cancels with a reason from the list (`CANCEL_REASONS`) and an optional note of at most
     * 300 characters; the stored reason is "Reason: note".
     */
    async cancel(customerId: string, id: string, reason: string, note?: string | null) {
      await active(customerId, id);
      const listed = reason.trim();
      if (!isCancelReason(listed))
        throw new SubscriptionError("INVALID", "Choose why you are cancelling.", "cancelReason");
      if ((note?.trim().length ?? 0) > CANCEL_NOTE_MAX) {
        throw new SubscriptionError("INVALID", `Keep the note under ${CANCEL_NOTE_MAX} characters.`, "cancelNote");
      }
      await db.subscription.update({
        where: { id },
        data: { cancelled: true, cancelReason: cancelReasonText(listed, note), cancelledAt: now() },
      });
    },

    /**
     * Delivers to another address of the customer's address book (docs/rules.md "Autoship"):
     * an address that is not theirs is not found (404); one home delivery does not reach is
     * refused, unless the orders go to the member's clinic. The address is kept as a snapshot,
     * as checkout keeps it, so editing the address book later changes no autoship.
     */
    async changeAddress(customerId: string, id: string, addressId: string) {
      const sub = await active(customerId, id);
      const address = await deps.address(customerId, addressId);
      if (!address) throw new SubscriptionError("NOT_FOUND", "That address was not found.");
      if (destinationOf(sub) === "HOME" && !(await deps.stock.coversZip(address.zip))) {
        throw new SubscriptionError(
          "INVALID",
          `We do not deliver to ${address.zip} yet. Use another address.`,
          "addressId",
        );
      }
      await db.subscription.update({ where: { id }, data: { shippingAddress: JSON.stringify(address) } });
      return address;
    },

    /**
     * Swaps to another size or flavor of the same product, sold on the subscription's site
     * and in stock for its delivery (`swapRefusal`); the weight follows the new variant.
     */
    async swapVariant(customerId: string, id: string, variantId: string) {
      const sub = await active(customerId, id);
      const site = siteIdOf(sub.site);
      const row = await db.productVariant.findUnique({
        where: { id: variantId },
        select: {
          id: true,
          productId: true,
          sku: true,
          title: true,
          weightValue: true,
          weightUnit: true,
          product: { select: { soldOnDtc: true, soldOnHpsf: true } },
        },
      });
      const [stock] = row
        ? await deps.stock.getProductsStock({
            site,
            skus: [row.sku],
            zipCode: parseAddress(sub.shippingAddress)?.zip ?? "",
            destination: destinationOf(sub),
          })
        : [];
      const refusal = swapRefusal(
        sub,
        row && {
          productId: row.productId,
          variantId: row.id,
          soldOnSite: row.product[sitePolicy(site).soldOnFlag],
          inStock: stock?.inStock ?? false,
        },
      );
      if (refusal || !row) throw new SubscriptionError("INVALID", refusal ?? "Choose a size or flavor.", "variantId");
      await db.subscription.update({
        where: { id },
        data: { variantId: row.id, weight: row.weightValue, weightUnit: row.weightUnit },
      });
      return row;
    },

    /**
     * The customer's subscriptions as My Subscriptions shows them: each with its picture,
     * its price per order and Autoship saving (`subscriptionPrice` on the customer's
     * pricing terms, so the page says what the engine will charge), its delivery address,
     * and the sizes and flavors it may swap to (in stock for its delivery, sold on its site).
     */
    async overview(customerId: string) {
      const subs = await db.subscription.findMany({
        where: { customerId },
        orderBy: [{ cancelled: "asc" }, { nextOrderDate: "asc" }],
        include: {
          ...subscriptionInclude,
          sellingPlan: true,
          variant: {
            select: {
              title: true,
              priceCents: true,
              images: { orderBy: { position: "asc" }, take: 1, select: { url: true, alt: true } },
            },
          },
          product: {
            select: {
              title: true,
              images: { orderBy: { position: "asc" }, take: 1, select: { url: true, alt: true } },
              variants: {
                orderBy: { position: "asc" },
                select: {
                  id: true,
                  sku: true,
                  title: true,
                  product: { select: { soldOnDtc: true, soldOnHpsf: true } },
                },
              },
            },
          },
        },
      });
      const terms = new Map<string, Promise<PricingConfig>>();
      const termsFor = (site: string) => {
        if (!terms.has(site)) terms.set(site, deps.pricing(site, customerId));
        return terms.get(site)!;
      };
      return Promise.all(
        subs.map(async (sub) => {
          const site = siteIdOf(sub.site);
          const address = parseAddress(sub.shippingAddress);
          const sold = sub.product.variants.filter((v) => v.product[sitePolicy(site).soldOnFlag]);
          const stock = await deps.stock.getProductsStock({
            site,
            skus: sold.map((v) => v.sku),
            zipCode: address?.zip ?? "",
            destination: destinationOf(sub as unknown as Sub),
          });
          const image = sub.variant.images[0] ?? sub.product.images[0] ?? null;
          return {
            ...sub,
            image,
            price: subscriptionPrice(sub.variant.priceCents, sub.quantity, await termsFor(sub.site)),
            address,
            addressLine: address ? formatAddress(address) : null,
            swapOptions: sold.map((v, i) => ({ id: v.id, title: v.title, inStock: stock[i]?.inStock ?? false })),
          };
        }),
      );
    },

    /** Reactivates a cancelled autoship; a next date already past moves to tomorrow. */
    async reactivate(customerId: string, id: string) {
      const sub = await owned(customerId, id);
      if (!sub.cancelled) return;
      await db.subscription.update({
        where: { id },
        data: {
          cancelled: false,
          cancelReason: null,
          cancelledAt: null,
          nextOrderDate: reactivatedNextDate(sub.nextOrderDate, now()),
        },
      });
    },
  };
}
