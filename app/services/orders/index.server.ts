import { prisma } from "~/db.server";
import { createOrderReader } from "./orders.server";
import type { OrderLifecycle } from "./lifecycle-types";

export { orderCursor, type OrderConnection, type OrderView } from "./orders.server";

/** Orders of the embedded commerce provider. */
export const orders = createOrderReader(prisma);
export * from "./place.server";
export * from "./order-access.server";
export * from "./lifecycle-types";

/**
 * The order lifecycle (docs/rules.md "Order lifecycle", "Returns"). Placeholder until the
 * lifecycle service lands: every call throws.
 */
export const orderLifecycle: OrderLifecycle = new Proxy({} as OrderLifecycle, {
  get() {
    return () => {
      throw new Error("The order lifecycle service is not built yet.");
    };
  },
});
