import { prisma } from "~/db.server";
import { createOrderReader } from "./orders.server";

export { orderCursor, type OrderConnection, type OrderView } from "./orders.server";

/** Orders of the embedded commerce provider. */
export const orders = createOrderReader(prisma);
export * from "./place.server";
export * from "./order-access.server";
