// The order lifecycle as pages, the developers' fulfilment tools, the outbox and (later) the back
// office see it (docs/rules.md "Order lifecycle" and "Returns"). The rules are pure functions in
// app/models/order-lifecycle.ts and app/models/refunds.ts; the service applies them inside the
// transaction that changes the order, with the emails and remote calls written to the outbox
// in that same transaction (docs/rules.md "Outbox").
import type { AuditActor } from "~/models/audit";
import type { CarrierCode, OrderAftercare } from "~/models/order-lifecycle";

export type { OrderAftercare };
import type { ReturnRequestLine } from "~/models/refunds";
import { serviceErrorWithStatus } from "~/models/service-error";

export type LifecycleErrorCode = "NOT_FOUND" | "NOT_CANCELLABLE" | "NOT_RETURNABLE" | "WRONG_STATUS" | "INVALID";

/** The HTTP status each refusal is answered with (docs/rules.md "Service errors know their status"). */
const LIFECYCLE_ERROR_STATUS: Record<LifecycleErrorCode, number> = {
  NOT_FOUND: 404,
  NOT_CANCELLABLE: 409,
  NOT_RETURNABLE: 409,
  WRONG_STATUS: 409,
  INVALID: 400,
};

/** A refused lifecycle change; nothing was changed. `field` names the form field at fault. */
export class LifecycleError extends serviceErrorWithStatus<LifecycleErrorCode>(
  "LifecycleError",
  LIFECYCLE_ERROR_STATUS,
) {}

export interface ReturnRequest {
  customerId: string;
  orderId: string;
  /** The form's one-use key: the same key again answers the return already written. */
  requestKey: string;
  reason: string;
  comment: string | null;
  lines: ReturnRequestLine[];
}

export interface OrderLifecycle {
  /** The order page's after-sale part of a customer's own order (NOT_FOUND for anyone else's). */
  aftercare(customerId: string, orderId: string): Promise<OrderAftercare>;
  /**
   * The shopper cancels their own paid order (NOT_CANCELLABLE once packed): stock goes back, the
   * staff quota and the donation are reversed, the refund and the email are queued, in one
   * transaction. A second cancel answers "already" and changes nothing.
   */
  cancel(customerId: string, orderId: string): Promise<{ outcome: "cancelled" | "already"; refundCents: number }>;
  /** Asks to return lines of a delivered order within the return window. */
  requestReturn(request: ReturnRequest): Promise<{ returnId: string; refundCents: number; replayed: boolean }>;

  // Operators: the back office (with its `actor`, audited in the change's transaction), the
  // developers' fulfilment command and page (no actor: they run with the database's own rights).
  /**
   * Moves an order one fulfilment step (WRONG_STATUS when it is not at the step before); the same
   * step again is a no-op. Answers whether it moved.
   */
  markPacked(orderId: string, actor?: AuditActor | null): Promise<boolean>;
  markShipped(
    orderId: string,
    shipment: { carrier: CarrierCode; trackingNumber: string },
    actor?: AuditActor | null,
  ): Promise<boolean>;
  markDelivered(orderId: string, actor?: AuditActor | null): Promise<boolean>;
  approveReturn(returnId: string, actor?: AuditActor | null): Promise<void>;
  /** The goods are back: the return's refund is written and queued. */
  receiveReturn(returnId: string, actor?: AuditActor | null): Promise<void>;
  /** An operator cancels a paid order (a guest's too) with the shopper's cancel's effects. */
  cancelByOperator(
    orderId: string,
    actor: AuditActor,
  ): Promise<{ outcome: "cancelled" | "already"; refundCents: number }>;
  /**
   * An operator refunds part or all of what is left (total − refunded − pending): a Refund row and
   * its outbox delivery in one transaction; the same `key` again writes nothing more.
   */
  refundByOperator(
    refund: { orderId: string; key: string; amountCents: number; reason: string },
    actor: AuditActor,
  ): Promise<{ refundId: string; amountCents: number; replayed: boolean }>;
  /** Queues the order confirmation again, the checkout's template. */
  resendConfirmation(orderId: string, actor: AuditActor): Promise<void>;

  /** The outbox handler of REFUND_TOPIC: asks the payment service, then records the refund. */
  refundDelivery(delivery: { payload: { refundId: string } }): Promise<void>;
}
