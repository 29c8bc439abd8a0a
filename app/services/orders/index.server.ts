import { prisma } from "~/db.server";
import { checkoutSettings, siteSettings } from "~/env.server";
import { enqueueDonationConfirmation } from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { outbox } from "~/services/outbox/index.server";
import { payments } from "~/services/payment/index.server";
import { createOrderLifecycle } from "./lifecycle.server";
import { createFulfilmentReads } from "./dev-reads.server";
import { createOrderReader } from "./orders.server";
import { createOrderAdmin } from "./admin.server";
import type { OrderLifecycle } from "./lifecycle-types";

export { orderCursor, type OrderConnection, type OrderView } from "./orders.server";

export { createOrderAdmin, type AdminOrderDetail, type AdminOrderRow, type AdminReturnRow } from "./admin.server";

/** The back office's reading of orders and returns (its changes go through `orderLifecycle`). */
export const orderAdmin = createOrderAdmin(prisma, { timeZone: siteSettings.SHOP_TIME_ZONE });

/** Orders of the embedded commerce provider. */
export const orders = createOrderReader(prisma);
export * from "./place.server";
export * from "./order-access.server";
export * from "./lifecycle-types";
export { createOrderLifecycle, REFUND_TOPIC, type LifecycleDeps } from "./lifecycle.server";
export { createFulfilmentReads, type FulfilmentOrder } from "./dev-reads.server";

/**
 * The order lifecycle (docs/rules.md "Order lifecycle", "Returns") on the shop's database, the
 * payment provider, the email outbox and the donation service's confirmation topic. Its
 * refund handler (`refundDelivery`, topic REFUND_TOPIC) is registered with the jobs.
 */
export const orderLifecycle: OrderLifecycle = createOrderLifecycle({
  db: prisma,
  payments,
  email,
  enqueue: (writer, message) => outbox.enqueue(writer, message),
  enqueueDonationConfirmation,
  returnWindowDays: checkoutSettings.RETURN_WINDOW_DAYS,
});

/** What the developers' fulfilment tools (/dev/orders, `npm run orders:advance`) read: orders and returns to move. */
export const fulfilmentReads = createFulfilmentReads(prisma);
