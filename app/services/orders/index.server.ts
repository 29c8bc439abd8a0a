import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { enqueueDonationConfirmation } from "~/services/donations/index.server";
import { email } from "~/services/email/index.server";
import { outbox } from "~/services/outbox/index.server";
import { payments } from "~/services/payment/index.server";
import { createOrderLifecycle, type OrderFulfilment } from "./lifecycle.server";
import { createOrderReader } from "./orders.server";
import { createOrderAdmin } from "./admin.server";

export { orderCursor, type OrderConnection, type OrderView } from "./orders.server";

export { createOrderAdmin, type AdminOrderDetail, type AdminOrderRow, type AdminReturnRow } from "./admin.server";

/** The back office's reading of orders and returns (its changes go through `orderLifecycle`). */
export const orderAdmin = createOrderAdmin(prisma, { timeZone: env.SHOP_TIME_ZONE });

/** Orders of the embedded commerce provider. */
export const orders = createOrderReader(prisma);
export * from "./place.server";
export * from "./order-access.server";
export * from "./lifecycle-types";
export {
  createOrderLifecycle,
  REFUND_TOPIC,
  type FulfilmentOrder,
  type LifecycleDeps,
  type OrderFulfilment,
} from "./lifecycle.server";

/**
 * The order lifecycle (docs/rules.md "Order lifecycle", "Returns") on the shop's database, the
 * payment provider, the email outbox and the donation service's confirmation topic. Its
 * refund handler (`refundDelivery`, topic REFUND_TOPIC) is registered with the jobs.
 */
export const orderLifecycle: OrderFulfilment = createOrderLifecycle({
  db: prisma,
  payments,
  email,
  enqueue: (writer, message) => outbox.enqueue(writer, message),
  enqueueDonationConfirmation,
  returnWindowDays: env.RETURN_WINDOW_DAYS,
});
