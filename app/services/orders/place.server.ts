// Placing an order, shared by checkout and the autoship engine:
// reserve (one transaction: price on the server, decrement stock atomically,
// write a pending order), charge outside the transaction, then complete or
// release. A failure at any point leaves no paid order and no lost stock.
import { databaseProvider } from "~/db.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import type { PostalAddress } from "~/models/address";
import { priceOrder } from "~/models/order-pricing";
import type { PricedOrder, PricingTerms } from "~/models/pricing";
import { formatMoney } from "~/models/money";
import { quotaAllows, quotaStatus } from "~/models/staff-program";
import { quotaMonthLabel } from "~/models/staff-program-dates";
import { metrics } from "~/services/observability/index.server";
import type { PaymentProvider } from "~/services/payment/index.server";
import type { OrderDonation } from "~/services/donations/index.server";
import { serviceErrorWithStatus } from "~/models/service-error";

type Tx = Prisma.TransactionClient;

export type OrderErrorCode =
  "OUT_OF_STOCK" | "PRICE_CHANGED" | "PAYMENT_DECLINED" | "VARIANT_NOT_FOUND" | "EMPTY_ORDER" | "QUOTA_EXCEEDED";

/** The HTTP status each refusal is answered with (docs/rules.md "Service errors know their status"). */
const ORDER_ERROR_STATUS: Record<OrderErrorCode, number> = {
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  PAYMENT_DECLINED: 402,
  VARIANT_NOT_FOUND: 409,
  EMPTY_ORDER: 409,
  QUOTA_EXCEEDED: 422,
};

/** An order that could not be placed; nothing was kept. */
export class OrderError extends serviceErrorWithStatus<OrderErrorCode>("OrderError", ORDER_ERROR_STATUS) {}

/** The pricing terms (`pricingFor`), with a staff-feeding member's quota. */
export interface PricingConfig extends PricingTerms {
  /** A staff-feeding member's monthly quota: the month and its limit. */
  quota?: { month: string; limitCents: number } | null;
}

export interface OrderDraft {
  site: string;
  customerId: string | null;
  email: string;
  address: PostalAddress;
  lines: { variantId: string; quantity: number; sellingPlanId: string | null }[];
  discountCodes: string[];
  attributes: { key: string; value: string }[];
  source: "checkout" | "autoship";
  idempotencyKey: string | null;
  requestHash: string | null;
  pricing: PricingConfig;
  /** When given, the server's total must equal it (a tampered or stale page is refused). */
  expectedTotalCents?: number;
  /**
   * What the order gives (docs/rules.md "Donations"), asked of the donation service once
   * before the order is reserved; its extra is priced into the total. Null: it gives nothing.
   */
  donation: OrderDonation | null;
}

export interface ReservedOrder {
  id: string;
  number: number;
  priced: PricedOrder;
  site: string;
  source: OrderDraft["source"];
}

const FIRST_ORDER_NUMBER = 100001;

/**
 * The next order number (docs/rules.md "Orders"). PostgreSQL: the `order_number` sequence
 * (its migration starts it at FIRST_ORDER_NUMBER), so concurrent checkouts never pick the
 * same one. SQLite: one more than the highest, which is safe because the reserving
 * transaction holds SQLite's single write lock from its start.
 */
export async function nextOrderNumber(tx: Tx): Promise<number> {
  if (databaseProvider === "postgresql") {
    const [row] = await tx.$queryRaw<{ next: bigint }[]>`SELECT nextval('"order_number"') AS "next"`;
    return Number(row.next);
  }
  const last = await tx.order.aggregate({ _max: { number: true } });
  return Math.max(FIRST_ORDER_NUMBER, (last._max.number ?? 0) + 1);
}

/** Prices the draft from today's variant prices, takes the stock and writes a pending order. */
export async function reserveOrder(tx: Tx, draft: OrderDraft): Promise<ReservedOrder> {
  if (draft.lines.length === 0) throw new OrderError("EMPTY_ORDER", "There is nothing to order.");
  const variants = await tx.productVariant.findMany({
    where: { id: { in: draft.lines.map((l) => l.variantId) } },
    select: {
      id: true,
      sku: true,
      title: true,
      priceCents: true,
      compareAtPriceCents: true,
      weightValue: true,
      weightUnit: true,
      product: { select: { title: true, productType: true } },
    },
  });
  const byId = new Map(variants.map((v) => [v.id, v]));
  const lines = draft.lines.map((line, i) => {
    const variant = byId.get(line.variantId);
    if (!variant) throw new OrderError("VARIANT_NOT_FOUND", "An item in your order is no longer sold.", `lines.${i}`);
    return {
      ...line,
      id: String(i),
      variant,
      unitPriceCents: variant.priceCents,
      productType: variant.product.productType,
    };
  });
  const priced = priceOrder({
    lines,
    shipToZip: draft.address.zip,
    ...draft.pricing,
    shopperDonation: draft.donation?.extra ?? null,
  });
  if (draft.expectedTotalCents !== undefined && draft.expectedTotalCents !== priced.totalCents) {
    throw new OrderError("PRICE_CHANGED", "Prices or your order changed since you last looked. Check the new total.");
  }
  const quota =
    draft.pricing.quota && draft.customerId ? await takeQuota(tx, draft.customerId, draft.pricing.quota, priced) : null;
  // Atomic per line: the update only matches while enough units are left, so stock never goes below zero.
  for (const [i, line] of lines.entries()) {
    const taken = await tx.productVariant.updateMany({
      where: { id: line.variantId, inventory: { gte: line.quantity } },
      data: { inventory: { decrement: line.quantity } },
    });
    if (taken.count === 0) {
      throw new OrderError(
        "OUT_OF_STOCK",
        `${line.variant.product.title} (${line.variant.title}) is out of stock in the quantity you asked for.`,
        `lines.${i}`,
      );
    }
  }
  const number = await nextOrderNumber(tx);
  const order = await tx.order.create({
    data: {
      number,
      site: draft.site,
      customerId: draft.customerId,
      email: draft.email,
      status: "pending",
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      programDiscountCents: priced.programDiscountCents,
      quotaMonth: quota?.month ?? null,
      quotaCents: quota?.cents ?? 0,
      shippingCents: priced.shippingCents,
      surchargeCents: priced.surchargeCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      discountCodes: priced.appliedCodes.join(","),
      shippingAddress: JSON.stringify(draft.address),
      attributes: JSON.stringify(draft.attributes),
      idempotencyKey: draft.idempotencyKey,
      requestHash: draft.requestHash,
      source: draft.source,
      donationTrackingId: draft.donation?.trackingId ?? null,
      donationCauseId: draft.donation?.causeId ?? null,
      donationCauseName: draft.donation?.causeName ?? null,
      donationCents: draft.donation?.donationCents ?? 0,
      shopperDonationKind: priced.shopperDonationKind,
      shopperDonationCents: priced.shopperDonationCents,
      lines: {
        create: lines.map((line, i) => ({
          variantId: line.variantId,
          productTitle: line.variant.product.title,
          variantTitle: line.variant.title,
          sku: line.variant.sku,
          quantity: line.quantity,
          unitPriceCents: priced.lines[i].unitPriceCents,
          compareAtPriceCents: line.variant.compareAtPriceCents,
          sellingPlanId: line.sellingPlanId,
          weightValue: line.variant.weightValue,
          weightUnit: line.variant.weightUnit,
        })),
      },
    },
    select: { id: true, number: true },
  });
  return { ...order, priced, site: draft.site, source: draft.source };
}

/**
 * Counts the order against the member's monthly quota (shop-core spec section 3), inside the
 * reserving transaction: refused when it does not fit in what is left.
 */
async function takeQuota(
  tx: Tx,
  customerId: string,
  quota: { month: string; limitCents: number },
  priced: PricedOrder,
): Promise<{ month: string; cents: number }> {
  const counter = await tx.customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { quotaMonth: true, quotaValue: true },
  });
  const status = quotaStatus(counter, quota.month, quota.limitCents);
  if (!quotaAllows(status, priced.merchandiseCents)) {
    throw new OrderError(
      "QUOTA_EXCEEDED",
      status.reached
        ? `You have reached your program allowance for ${quotaMonthLabel(quota.month)}. It renews next month.`
        : `This order is over your program allowance: you have ${formatMoney(status.remainingCents)} left for ${quotaMonthLabel(quota.month)}. Remove items to order.`,
    );
  }
  await tx.customer.update({
    where: { id: customerId },
    data: { quotaMonth: quota.month, quotaValue: status.usedCents + priced.merchandiseCents },
  });
  return { month: quota.month, cents: priced.merchandiseCents };
}

/** Gives a pending order's stock back and deletes it (payment failed, or it was abandoned). */
export async function releaseOrder(db: PrismaClient, orderId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: {
        status: true,
        customerId: true,
        quotaMonth: true,
        quotaCents: true,
        lines: { select: { variantId: true, quantity: true } },
      },
    });
    if (!order || order.status !== "pending") return;
    await giveBackStockAndQuota(tx, order);
    await tx.order.delete({ where: { id: orderId } });
  });
}

/**
 * Gives back what an order took when it was reserved, inside the caller's transaction: each
 * line's units to its variant's stock, and the staff quota it counted, unless the member's
 * quota month has moved on (docs/rules.md "Staff-feeding program"). A released pending order
 * and a cancelled one (docs/rules.md "Order lifecycle") both go through here.
 */
export async function giveBackStockAndQuota(
  tx: Tx,
  order: {
    customerId: string | null;
    quotaMonth: string | null;
    quotaCents: number;
    lines: { variantId: string | null; quantity: number }[];
  },
): Promise<void> {
  if (order.customerId && order.quotaMonth && order.quotaCents > 0) {
    // The quota it took goes back, unless the month has moved on.
    await tx.customer.updateMany({
      where: { id: order.customerId, quotaMonth: order.quotaMonth, quotaValue: { gte: order.quotaCents } },
      data: { quotaValue: { decrement: order.quotaCents } },
    });
  }
  for (const line of order.lines) {
    if (!line.variantId) continue;
    await tx.productVariant.update({
      where: { id: line.variantId },
      data: { inventory: { increment: line.quantity } },
    });
  }
}

/**
 * Charges a reserved order and, when paid, runs `complete` in the same
 * transaction that marks it paid (the order's emails are enqueued there,
 * docs/rules.md "Outbox"). A decline or an error releases it. Counts orders
 * placed and payments declined (metrics ordersPlaced, paymentsDeclined).
 */
export async function chargeReservedOrder(
  db: PrismaClient,
  payments: PaymentProvider,
  reserved: ReservedOrder,
  payment: { tokenId: string | null; customerId: string | null; summary: string | null },
  complete: (tx: Tx) => Promise<void>,
): Promise<void> {
  let paymentId: string | null = null;
  try {
    if (reserved.priced.totalCents > 0) {
      if (!payment.tokenId) throw new OrderError("PAYMENT_DECLINED", "Add a payment card.", "payment");
      const charge = await payments.charge({
        amountCents: reserved.priced.totalCents,
        tokenId: payment.tokenId,
        customerId: payment.customerId,
      });
      if (!charge.ok) {
        metrics.paymentsDeclined.inc({ source: reserved.source });
        throw new OrderError("PAYMENT_DECLINED", charge.message, "payment");
      }
      paymentId = charge.paymentId;
    }
    await db.$transaction(async (tx) => {
      await tx.order.update({
        where: { id: reserved.id },
        data: { status: "paid", paymentId, paymentTokenId: payment.tokenId, paymentSummary: payment.summary },
      });
      // The timeline's first step after placing (docs/rules.md "Order lifecycle").
      await tx.orderEvent.create({ data: { orderId: reserved.id, kind: "paid" } });
      await complete(tx);
    });
  } catch (error) {
    // Money taken for an order that could not be completed goes back.
    if (paymentId) {
      await payments.refund({
        paymentId,
        amountCents: reserved.priced.totalCents,
        idempotencyKey: `release:${reserved.id}`,
      });
    }
    await releaseOrder(db, reserved.id);
    throw error;
  }
  metrics.ordersPlaced.inc({ site: reserved.site, source: reserved.source });
}

/** Releases pending orders left behind by a crash between reserving and charging. */
export async function releaseStalePendingOrders(db: PrismaClient, olderThan: Date): Promise<number> {
  const stale = await db.order.findMany({
    where: { status: "pending", createdAt: { lt: olderThan } },
    select: { id: true },
  });
  for (const order of stale) await releaseOrder(db, order.id);
  return stale.length;
}
