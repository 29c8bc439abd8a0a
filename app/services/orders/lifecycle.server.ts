// The order lifecycle service (docs/rules.md "Order lifecycle" and "Returns"): applies the pure
// rules of app/models/order-lifecycle.ts and app/models/refunds.ts inside the transaction that
// changes the order. Every change is a compare-and-set on the status it starts from, so a double
// submit or two operators at once change it once; what leaves the shop (emails, the payment
// service's refund, the donation service's correction) is written to the outbox in that same
// transaction (docs/rules.md "Outbox").
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import type { AuditActor } from "~/models/audit";
import {
  cancelRefusal,
  canMove,
  canMoveReturn,
  CARRIERS,
  isCarrier,
  normalizeTrackingNumber,
  orderTimeline,
  RETURN_COMMENT_MAX,
  RETURN_REASONS,
  returnRefusal,
  returnWindowEnd,
  statusAfterRefund,
  trackingOf,
  type FulfilmentStep,
  type OrderStatus,
} from "~/models/order-lifecycle";
import { cancelledDonationConfirmationData } from "~/models/order-donation";
import {
  cancelRefundCents,
  priceReturn,
  receivedRefundCents,
  refundCauseOf,
  refundFits,
  refundLeftCents,
  type RefundCause,
  type RefundLedger,
} from "~/models/refunds";
import { OPEN_RETURN_STATUSES, refundRefusal } from "~/models/admin-orders";
import { storedSite } from "~/models/site";
import { recordAudit } from "~/services/audit/index.server";
import type { DonationConfirmationPayload } from "~/services/donations/index.server";
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderConfirmationFor,
  orderLink,
  orderRefundedEmail,
  orderShippedEmail,
  returnRequestedEmail,
  type EmailOrderRef,
  type EmailService,
} from "~/services/email/index.server";
import { PermanentDeliveryError, type OutboxWriter } from "~/services/outbox/index.server";
import type { PaymentProvider } from "~/services/payment/index.server";
import { LifecycleError, type OrderAftercare, type OrderLifecycle } from "./lifecycle-types";
import { giveBackStockAndQuota } from "./place.server";
import { isUniqueViolation } from "~/models/unique-violation";

type Tx = Prisma.TransactionClient;

/** The outbox topic of refunds: its handler is `refundDelivery` (payload `{ refundId }`). */
export const REFUND_TOPIC = "payment-refund";

export interface LifecycleDeps {
  db: PrismaClient;
  payments: Pick<PaymentProvider, "refund">;
  email: EmailService;
  /** Writes an outbox message with the caller's transaction (the outbox service's `enqueue`). */
  enqueue(writer: OutboxWriter, message: { topic: string; payload: unknown }): Promise<{ id: string }>;
  /** Queues a (corrected) donation confirmation with the caller's transaction (donations' `enqueueDonationConfirmation`). */
  enqueueDonationConfirmation(writer: OutboxWriter, payload: DonationConfirmationPayload): Promise<void>;
  /** RETURN_WINDOW_DAYS. */
  returnWindowDays: number;
  /** The clock (tests). */
  now?: () => Date;
}

const notFound = () => new LifecycleError("NOT_FOUND", "We could not find that order.");

const refKey = {
  cancel: (orderId: string) => `cancel:${orderId}`,
  return: (returnId: string) => `return:${returnId}`,
  /** An operator's refund: the refund form's one-use key, so a double submit writes one refund. */
  operator: (orderId: string, formKey: string) => `operator:${orderId}:${formKey}`,
};

const orderLabel = (number: number) => `Order #${number}`;

function emailRef(order: { id: string; number: number; email: string; site: string; customerId: string | null }) {
  return {
    site: storedSite(order.site),
    number: order.number,
    email: order.email,
    link: orderLink(order),
  } satisfies EmailOrderRef;
}

/** Units of each line already in a return, by order line id. */
function returnedByLine(returns: { lines: { orderLineId: string; quantity: number }[] }[]): Map<string, number> {
  const returned = new Map<string, number>();
  for (const r of returns) {
    for (const line of r.lines) returned.set(line.orderLineId, (returned.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return returned;
}

export function createOrderLifecycle(deps: LifecycleDeps): OrderLifecycle {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const days = deps.returnWindowDays;

  /**
   * Writes a pending refund, with its cause (the refund email reads it), and its outbox delivery
   * with `tx`; nothing when there is nothing to give back. Every caller has first taken what is
   * left (`refundLeftCents`) with the order touched in the same transaction, so queued refunds
   * never pass the total (docs/rules.md "Refunds never pass what was paid").
   */
  async function queueRefund(
    tx: Tx,
    refund: {
      orderId: string;
      key: string;
      returnId?: string;
      amountCents: number;
      reason: string;
      cause: RefundCause;
    },
  ): Promise<void> {
    if (refund.amountCents <= 0) return;
    const row = await tx.refund.create({
      data: {
        orderId: refund.orderId,
        key: refund.key,
        returnId: refund.returnId ?? null,
        amountCents: refund.amountCents,
        reason: refund.reason,
        cause: refund.cause,
      },
      select: { id: true },
    });
    await deps.enqueue(tx, { topic: REFUND_TOPIC, payload: { refundId: row.id } });
  }

  /**
   * Where the order's refunds stand (`RefundLedger`), read with `tx` after touching the order:
   * the touch makes two changes of one order's refunds take turns (a row lock on PostgreSQL,
   * SQLite's one writer), so what one reads as left is still left when it writes. An open
   * return named in `exceptReturnId` is left out of the open returns (its own promise).
   */
  async function ledgerOf(tx: Tx, orderId: string, exceptReturnId?: string): Promise<RefundLedger> {
    const order = await tx.order.update({
      where: { id: orderId },
      data: { updatedAt: now() },
      select: { totalCents: true, refundedCents: true },
    });
    const pending = await tx.refund.aggregate({ where: { orderId, status: "pending" }, _sum: { amountCents: true } });
    const open = await tx.orderReturn.aggregate({
      where: {
        orderId,
        status: { in: [...OPEN_RETURN_STATUSES] },
        ...(exceptReturnId ? { id: { not: exceptReturnId } } : {}),
      },
      _sum: { refundCents: true },
    });
    return {
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      pendingRefundCents: pending._sum.amountCents ?? 0,
      openReturnCents: open._sum.refundCents ?? 0,
    };
  }

  /**
   * One fulfilment step: a compare-and-set from the step before. The same step again changes
   * nothing; any other status is WRONG_STATUS.
   */
  async function fulfil(
    orderId: string,
    step: FulfilmentStep,
    data: Prisma.OrderUpdateManyMutationInput,
    after: (
      tx: Tx,
      order: { id: string; number: number; email: string; site: string; customerId: string | null },
    ) => Promise<void>,
    actor: AuditActor | null | undefined,
  ): Promise<boolean> {
    return db.$transaction(async (tx) => {
      const order = await tx.order.findUnique({
        where: { id: orderId },
        select: {
          id: true,
          number: true,
          email: true,
          site: true,
          customerId: true,
          status: true,
          carrier: true,
          trackingNumber: true,
        },
      });
      if (!order || order.status === "pending") throw notFound();
      if (order.status === step) return false;
      if (!canMove(order.status, step)) {
        throw new LifecycleError(
          "WRONG_STATUS",
          `Order #${order.number} is ${order.status}; it cannot be marked ${step}.`,
        );
      }
      const moved = await tx.order.updateMany({
        where: { id: orderId, status: order.status },
        data: { ...data, status: step },
      });
      if (moved.count === 0) {
        throw new LifecycleError("WRONG_STATUS", `Order #${order.number} changed meanwhile; look again.`);
      }
      await after(tx, order);
      if (actor) {
        // docs/rules.md "Back office": the step and, for a shipment, the carrier and number.
        const shipment = (value: { carrier?: unknown; trackingNumber?: unknown }) =>
          step === "shipped" ? { carrier: value.carrier ?? null, trackingNumber: value.trackingNumber ?? null } : {};
        await recordAudit(tx, actor, {
          action: `order.${step}`,
          subjectType: "order",
          subjectId: order.id,
          subjectLabel: orderLabel(order.number),
          before: { status: order.status, ...shipment(order) },
          after: { status: step, ...shipment(data) },
        });
      }
      return true;
    });
  }

  /** One return step: a compare-and-set from the step before; the same step again changes nothing. */
  async function moveReturn(
    returnId: string,
    to: "approved" | "received",
    /** What the step does with `tx`; a receipt answers the refund it gave (for the audit entry). */
    after: (tx: Tx, found: { id: string; orderId: string; refundCents: number }) => Promise<number | void>,
    actor: AuditActor | null | undefined,
  ): Promise<void> {
    await db.$transaction(async (tx) => {
      const found = await tx.orderReturn.findUnique({
        where: { id: returnId },
        select: { id: true, orderId: true, status: true, refundCents: true, order: { select: { number: true } } },
      });
      if (!found) throw new LifecycleError("NOT_FOUND", "We could not find that return.");
      if (found.status === to) return;
      if (!canMoveReturn(found.status, to)) {
        throw new LifecycleError("WRONG_STATUS", `This return is ${found.status}; it cannot be marked ${to}.`);
      }
      const at = now();
      const moved = await tx.orderReturn.updateMany({
        where: { id: returnId, status: found.status },
        data: { status: to, ...(to === "approved" ? { approvedAt: at } : { receivedAt: at }) },
      });
      if (moved.count === 0) throw new LifecycleError("WRONG_STATUS", "This return changed meanwhile; look again.");
      await tx.orderEvent.create({ data: { orderId: found.orderId, kind: `return_${to}`, createdAt: at } });
      const refundCents = (await after(tx, found)) ?? found.refundCents;
      if (actor) {
        await recordAudit(tx, actor, {
          action: to === "approved" ? "return.approve" : "return.receive",
          subjectType: "return",
          subjectId: found.id,
          subjectLabel: `Return of order #${found.order.number}`,
          before: { status: found.status },
          after: { status: to, ...(to === "received" ? { refundCents } : {}) },
        });
      }
    });
  }

  type CancellableOrder = Prisma.OrderGetPayload<{
    include: { lines: { select: { variantId: true; quantity: true } } };
  }>;

  /**
   * The cancel's body, shared by the shopper and the operators (docs/rules.md "Order lifecycle"):
   * a compare-and-set from paid; stock, quota and the donation go back; the refund and the email
   * are queued; all with `tx`. A second cancel answers "already" and changes nothing.
   */
  async function cancelInTx(
    tx: Tx,
    order: CancellableOrder,
    reason: string,
  ): Promise<{ outcome: "cancelled" | "already"; refundCents: number }> {
    const orderId = order.id;
    const already = async () => {
      const earlier = await tx.refund.findUnique({ where: { key: refKey.cancel(orderId) } });
      return { outcome: "already" as const, refundCents: earlier?.amountCents ?? 0 };
    };
    if (order.status === "cancelled" || order.status === "refunded") return already();
    const refusal = cancelRefusal(order.status);
    if (refusal) throw new LifecycleError("NOT_CANCELLABLE", refusal);
    // Compare-and-set: of two cancels at once, one moves it; the other finds it cancelled.
    const moved = await tx.order.updateMany({
      where: { id: orderId, status: "paid" },
      data: { status: "cancelled" satisfies OrderStatus },
    });
    if (moved.count === 0) {
      const current = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
      if (current.status === "cancelled" || current.status === "refunded") return already();
      throw new LifecycleError("NOT_CANCELLABLE", cancelRefusal(current.status) ?? "This order cannot be cancelled.");
    }
    await giveBackStockAndQuota(tx, order);
    if (order.donationTrackingId) {
      // The donation service hears that the order gives nothing after all; the order's
      // donation columns stay as its history (docs/rules.md "Order lifecycle").
      await deps.enqueueDonationConfirmation(tx, {
        trackingId: order.donationTrackingId,
        orderId: order.id,
        orderNumber: order.number,
        ...cancelledDonationConfirmationData(order),
      });
    }
    // What is already given back or on its way (an operator's partial refund) is not given twice.
    const ledger = await ledgerOf(tx, orderId);
    const refundCents = cancelRefundCents({
      totalCents: ledger.totalCents,
      refundedCents: ledger.refundedCents + ledger.pendingRefundCents,
    });
    await queueRefund(tx, {
      orderId,
      key: refKey.cancel(orderId),
      amountCents: refundCents,
      reason,
      cause: "cancellation",
    });
    await tx.orderEvent.create({ data: { orderId, kind: "cancelled", createdAt: now() } });
    await deps.email.enqueue(tx, await orderCancelledEmail(emailRef(order), refundCents));
    return { outcome: "cancelled" as const, refundCents };
  }

  /**
   * Ends a refund that can never be given (docs/rules.md "Refunds never pass what was paid"): in
   * one transaction it becomes failed with the reason (compare-and-set from pending, so it no
   * longer counts as on its way), and the order's timeline gets a "refund_failed" step with the
   * amount and the reason, which the back office shows; then the delivery fails for good, so
   * the outbox keeps the message failed rather than trying it again.
   */
  async function failRefund(
    refund: { id: string; orderId: string; amountCents: number },
    failure: string,
  ): Promise<never> {
    await db.$transaction(async (tx) => {
      const at = now();
      const failed = await tx.refund.updateMany({
        where: { id: refund.id, status: "pending" },
        data: { status: "failed", failure, failedAt: at },
      });
      if (failed.count === 0) return;
      await tx.orderEvent.create({
        data: {
          orderId: refund.orderId,
          kind: "refund_failed",
          detail: failure,
          amountCents: refund.amountCents,
          createdAt: at,
        },
      });
    });
    throw new PermanentDeliveryError(`Refund ${refund.id} can never be given: ${failure}`);
  }

  const lifecycle: OrderLifecycle = {
    async aftercare(customerId, orderId): Promise<OrderAftercare> {
      const order = await db.order.findUnique({
        where: { id: orderId },
        include: {
          lines: { orderBy: { id: "asc" } },
          events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
          refunds: { select: { amountCents: true, status: true } },
          returns: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { lines: true } },
        },
      });
      if (!order || order.customerId !== customerId || order.status === "pending") throw notFound();
      const returned = returnedByLine(order.returns);
      const lineById = new Map(order.lines.map((line) => [line.id, line]));
      return {
        timeline: orderTimeline(order, order.events),
        tracking: trackingOf(order),
        refundedCents: order.refundedCents,
        pendingRefundCents: order.refunds
          .filter((refund) => refund.status === "pending")
          .reduce((sum, refund) => sum + refund.amountCents, 0),
        cancelRefusal: cancelRefusal(order.status),
        returnRefusal: returnRefusal(order, now(), days),
        returnWindowEndsAt: order.deliveredAt ? returnWindowEnd(order.deliveredAt, days).toISOString() : null,
        returnableLines: order.lines.map((line) => ({
          orderLineId: line.id,
          productTitle: line.productTitle,
          variantTitle: line.variantTitle,
          left: Math.max(0, line.quantity - (returned.get(line.id) ?? 0)),
        })),
        returns: order.returns.map((r) => ({
          id: r.id,
          status: r.status,
          reason: r.reason,
          comment: r.comment,
          refundCents: r.refundCents,
          createdAt: r.createdAt.toISOString(),
          lines: r.lines.map((line) => ({
            orderLineId: line.orderLineId,
            productTitle: lineById.get(line.orderLineId)?.productTitle ?? "",
            variantTitle: lineById.get(line.orderLineId)?.variantTitle ?? "",
            quantity: line.quantity,
          })),
        })),
      };
    },

    async cancel(customerId, orderId) {
      return db.$transaction(async (tx) => {
        const order = await tx.order.findUnique({
          where: { id: orderId },
          include: { lines: { select: { variantId: true, quantity: true } } },
        });
        if (!order || order.customerId !== customerId || order.status === "pending") throw notFound();
        return cancelInTx(tx, order, "Cancelled by the customer");
      });
    },

    async cancelByOperator(orderId, actor) {
      return db.$transaction(async (tx) => {
        const order = await tx.order.findUnique({
          where: { id: orderId },
          include: { lines: { select: { variantId: true, quantity: true } } },
        });
        if (!order || order.status === "pending") throw notFound();
        const result = await cancelInTx(tx, order, "Cancelled by the shop");
        if (result.outcome === "cancelled") {
          await recordAudit(tx, actor, {
            action: "order.cancel",
            subjectType: "order",
            subjectId: order.id,
            subjectLabel: orderLabel(order.number),
            before: { status: order.status },
            after: { status: "cancelled", refundCents: result.refundCents },
          });
        }
        return result;
      });
    },

    async refundByOperator(refund, actor) {
      const reason = refund.reason.trim();
      const key = refKey.operator(refund.orderId, refund.key);
      const replay = async (writer: Tx | PrismaClient) => {
        const earlier = await writer.refund.findUnique({ where: { key }, select: { id: true, amountCents: true } });
        return earlier ? { refundId: earlier.id, amountCents: earlier.amountCents, replayed: true } : null;
      };
      try {
        return await db.$transaction(async (tx) => {
          const earlier = await replay(tx);
          if (earlier) return earlier;
          const found = await tx.order.findUnique({ where: { id: refund.orderId }, select: { status: true } });
          if (!found || found.status === "pending") throw notFound();
          // What is left counts the refunds made, those on their way and what open returns will
          // give back (docs/rules.md "Refunds never pass what was paid"); the ledger touches the
          // order first, so two refunds of one order at once take turns.
          const ledger = await ledgerOf(tx, refund.orderId);
          const order = await tx.order.findUniqueOrThrow({ where: { id: refund.orderId } });
          const refusal = refundRefusal(refund.amountCents, refundLeftCents(ledger));
          if (refusal) throw new LifecycleError("INVALID", refusal, "amount");
          if (!reason) throw new LifecycleError("INVALID", "Say why you refund.", "reason");
          await queueRefund(tx, { orderId: order.id, key, amountCents: refund.amountCents, reason, cause: "shop" });
          const row = await tx.refund.findUniqueOrThrow({ where: { key }, select: { id: true } });
          await recordAudit(tx, actor, {
            action: "order.refund",
            subjectType: "order",
            subjectId: order.id,
            subjectLabel: orderLabel(order.number),
            before: {
              refundedCents: ledger.refundedCents,
              pendingRefundCents: ledger.pendingRefundCents,
              openReturnCents: ledger.openReturnCents,
            },
            after: { refundCents: refund.amountCents, reason, refundId: row.id },
          });
          return { refundId: row.id, amountCents: refund.amountCents, replayed: false };
        });
      } catch (error) {
        // Two submits of the same form at once: the loser's unique key answers the winner's refund.
        if (!isUniqueViolation(error)) throw error;
        const earlier = await replay(db);
        if (!earlier) throw error;
        return earlier;
      }
    },

    async resendConfirmation(orderId, actor) {
      await db.$transaction(async (tx) => {
        const order = await tx.order.findUnique({
          where: { id: orderId },
          select: { id: true, number: true, status: true, source: true, email: true },
        });
        if (!order || order.status === "pending") throw notFound();
        await deps.email.enqueue(
          tx,
          await orderConfirmationFor(tx, order.id, order.source === "autoship" ? "autoship" : "checkout"),
        );
        await recordAudit(tx, actor, {
          action: "order.resend-confirmation",
          subjectType: "order",
          subjectId: order.id,
          subjectLabel: orderLabel(order.number),
          before: null,
          after: { to: order.email },
        });
      });
    },

    async requestReturn(request) {
      const reason = request.reason.trim();
      const comment = request.comment?.trim() || null;
      try {
        return await db.$transaction(async (tx) => {
          const earlier = await tx.orderReturn.findUnique({
            where: { requestKey: request.requestKey },
            select: { id: true, refundCents: true, orderId: true, order: { select: { customerId: true } } },
          });
          if (earlier) {
            if (earlier.orderId !== request.orderId || earlier.order.customerId !== request.customerId)
              throw notFound();
            return { returnId: earlier.id, refundCents: earlier.refundCents, replayed: true };
          }
          const order = await tx.order.findUnique({
            where: { id: request.orderId },
            include: { lines: { orderBy: { id: "asc" } }, returns: { include: { lines: true } } },
          });
          if (!order || order.customerId !== request.customerId || order.status === "pending") throw notFound();
          const refusal = returnRefusal(order, now(), days);
          if (refusal) throw new LifecycleError("NOT_RETURNABLE", refusal);
          if (!(RETURN_REASONS as readonly string[]).includes(reason)) {
            throw new LifecycleError("INVALID", "Choose a reason for the return.", "reason");
          }
          if (comment && comment.length > RETURN_COMMENT_MAX) {
            throw new LifecycleError("INVALID", `Keep the comment to ${RETURN_COMMENT_MAX} characters.`, "comment");
          }
          // Never past what is left: refunds made, on their way and promised to open returns counted.
          const ledger = await ledgerOf(tx, order.id);
          const priced = priceReturn({ ...order, ...ledger }, returnedByLine(order.returns), request.lines);
          if (!priced.ok) {
            throw new LifecycleError(
              "INVALID",
              priced.message,
              priced.orderLineId ? `lines.${priced.orderLineId}` : "lines",
            );
          }
          const at = now();
          const created = await tx.orderReturn.create({
            data: {
              orderId: order.id,
              reason,
              comment,
              requestKey: request.requestKey,
              refundCents: priced.refundCents,
              createdAt: at,
              lines: { create: priced.lines },
            },
            select: { id: true },
          });
          await tx.orderEvent.create({
            data: {
              orderId: order.id,
              kind: "return_requested",
              detail: reason,
              amountCents: priced.refundCents,
              createdAt: at,
            },
          });
          const byId = new Map(order.lines.map((line) => [line.id, line]));
          await deps.email.enqueue(
            tx,
            await returnRequestedEmail(emailRef(order), {
              reason,
              refundCents: priced.refundCents,
              lines: priced.lines.map((line) => ({
                productTitle: byId.get(line.orderLineId)?.productTitle ?? "",
                variantTitle: byId.get(line.orderLineId)?.variantTitle ?? "",
                quantity: line.quantity,
              })),
            }),
          );
          return { returnId: created.id, refundCents: priced.refundCents, replayed: false };
        });
      } catch (error) {
        // Two submits of the same form at once: the loser's unique key answers the winner's return.
        if (!isUniqueViolation(error)) throw error;
        const earlier = await db.orderReturn.findUnique({
          where: { requestKey: request.requestKey },
          select: { id: true, refundCents: true, orderId: true },
        });
        if (!earlier || earlier.orderId !== request.orderId) throw error;
        return { returnId: earlier.id, refundCents: earlier.refundCents, replayed: true };
      }
    },

    async markPacked(orderId, actor) {
      return fulfil(
        orderId,
        "packed",
        {},
        async (tx, order) => {
          await tx.orderEvent.create({ data: { orderId: order.id, kind: "packed", createdAt: now() } });
        },
        actor,
      );
    },

    async markShipped(orderId, shipment, actor) {
      if (!isCarrier(shipment.carrier)) throw new LifecycleError("INVALID", "Choose UPS, FedEx or USPS.", "carrier");
      const trackingNumber = normalizeTrackingNumber(shipment.trackingNumber);
      if (!trackingNumber) {
        throw new LifecycleError("INVALID", "Enter a tracking number of 8 to 40 letters and digits.", "trackingNumber");
      }
      const carrier = shipment.carrier;
      return fulfil(
        orderId,
        "shipped",
        { carrier, trackingNumber },
        async (tx, order) => {
          await tx.orderEvent.create({
            data: {
              orderId: order.id,
              kind: "shipped",
              detail: `${CARRIERS[carrier].name} ${trackingNumber}`,
              createdAt: now(),
            },
          });
          const tracking = trackingOf({ carrier, trackingNumber });
          if (tracking) await deps.email.enqueue(tx, await orderShippedEmail(emailRef(order), tracking));
        },
        actor,
      );
    },

    async markDelivered(orderId, actor) {
      const at = now();
      return fulfil(
        orderId,
        "delivered",
        { deliveredAt: at },
        async (tx, order) => {
          await tx.orderEvent.create({ data: { orderId: order.id, kind: "delivered", createdAt: at } });
          await deps.email.enqueue(
            tx,
            await orderDeliveredEmail(emailRef(order), { windowDays: days, until: returnWindowEnd(at, days) }),
          );
        },
        actor,
      );
    },

    async approveReturn(returnId, actor) {
      await moveReturn(returnId, "approved", async () => undefined, actor);
    },

    async receiveReturn(returnId, actor) {
      await moveReturn(
        returnId,
        "received",
        async (tx, found) => {
          // Capped to what is left once the refunds made and on their way are counted
          // (docs/rules.md "Refunds never pass what was paid"); the return keeps what it gives.
          const refundCents = receivedRefundCents(found.refundCents, await ledgerOf(tx, found.orderId, found.id));
          if (refundCents !== found.refundCents) {
            await tx.orderReturn.update({ where: { id: found.id }, data: { refundCents } });
          }
          if (refundCents > 0) {
            await queueRefund(tx, {
              orderId: found.orderId,
              key: refKey.return(found.id),
              returnId: found.id,
              amountCents: refundCents,
              reason: "Return received",
              cause: "return",
            });
            return refundCents;
          }
          // Nothing to give back (free items): the return is done once received.
          await tx.orderReturn.update({ where: { id: found.id }, data: { status: "refunded", refundedAt: now() } });
          await tx.orderEvent.create({
            data: { orderId: found.orderId, kind: "return_refunded", amountCents: 0, createdAt: now() },
          });
          return 0;
        },
        actor,
      );
    },

    async refundDelivery({ payload }) {
      const refundId = typeof payload?.refundId === "string" ? payload.refundId : null;
      if (!refundId) throw new PermanentDeliveryError("The refund message names no refund.");
      const refund = await db.refund.findUnique({
        where: { id: refundId },
        include: { order: { select: { paymentId: true, totalCents: true, refundedCents: true } } },
      });
      if (!refund) throw new PermanentDeliveryError(`Refund ${refundId} does not exist.`);
      if (refund.status === "succeeded") return;
      if (refund.status === "failed") throw new PermanentDeliveryError(`Refund ${refund.id} failed: ${refund.failure}`);
      // A refund that would pass the order's total can never be given: it fails now, not after
      // every try of the outbox (docs/rules.md "Refunds never pass what was paid").
      if (!refundFits(refund.order, refund.amountCents)) {
        await failRefund(refund, "It would refund more than the order's total.");
      }
      let paymentRefundId: string | null = null;
      if (refund.order.paymentId) {
        // The Refund id is the idempotency key: a second delivery answers the first refund.
        const result = await deps.payments.refund({
          paymentId: refund.order.paymentId,
          amountCents: refund.amountCents,
          idempotencyKey: refund.id,
        });
        if (!result.ok && !result.retryable) await failRefund(refund, result.message);
        if (!result.ok) throw new Error(`The payment service refused refund ${refund.id}: ${result.message}`);
        paymentRefundId = result.refundId;
      }
      await db.$transaction(async (tx) => {
        const at = now();
        const done = await tx.refund.updateMany({
          where: { id: refund.id, status: "pending" },
          data: { status: "succeeded", paymentRefundId, refundedAt: at },
        });
        if (done.count === 0) return;
        const order = await tx.order.findUniqueOrThrow({ where: { id: refund.orderId } });
        const refundedCents = order.refundedCents + refund.amountCents;
        const status = statusAfterRefund({ ...order, refundedCents });
        await tx.order.update({ where: { id: order.id }, data: { refundedCents, status } });
        const full = status === "refunded" && order.status !== "refunded";
        await tx.orderEvent.create({
          data: {
            orderId: order.id,
            kind: full ? "refunded" : "partially_refunded",
            detail: refund.reason,
            amountCents: refund.amountCents,
            createdAt: at,
          },
        });
        if (refund.returnId) {
          const moved = await tx.orderReturn.updateMany({
            where: { id: refund.returnId, status: "received" },
            data: { status: "refunded", refundedAt: at },
          });
          if (moved.count === 1) {
            await tx.orderEvent.create({
              data: { orderId: order.id, kind: "return_refunded", amountCents: refund.amountCents, createdAt: at },
            });
          }
        }
        await deps.email.enqueue(
          tx,
          await orderRefundedEmail(emailRef(order), {
            amountCents: refund.amountCents,
            full: status === "refunded",
            cause: refundCauseOf(refund.cause),
          }),
        );
      });
    },
  };
  return lifecycle;
}
