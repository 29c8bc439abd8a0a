// A Shopify order's place in the shop's order lifecycle (docs/rules.md "Shopify customers"): the
// account's order list shows Shopify's orders with the same status words and progress steps as
// the shop's own. Shopify's financial and fulfilment statuses are its Storefront API enums.
import type { OrderStatus } from "./order-lifecycle";

export interface ShopifyOrderState {
  financialStatus: string | null;
  fulfillmentStatus: string;
  canceledAt: string | null;
}

/** The shop's status of a Shopify order: cancelled and refunded first, then how far fulfilment went, then payment. */
export function shopifyOrderStatus(order: ShopifyOrderState): OrderStatus {
  if (order.canceledAt) return "cancelled";
  if (order.financialStatus === "REFUNDED") return "refunded";
  if (order.fulfillmentStatus === "FULFILLED") return "shipped";
  if (["PARTIALLY_FULFILLED", "IN_PROGRESS"].includes(order.fulfillmentStatus)) return "packed";
  if (["PAID", "PARTIALLY_PAID", "PARTIALLY_REFUNDED"].includes(order.financialStatus ?? "")) return "paid";
  return "pending";
}

/** The steps a Shopify order has reached, for `orderProgress` (Shopify's list gives no event times). */
export function shopifyOrderTimeline(status: OrderStatus): { kind: string }[] {
  const path = ["placed", "paid", "packed", "shipped"] as const;
  const reached: Record<OrderStatus, number> = {
    pending: 1,
    paid: 2,
    packed: 3,
    shipped: 4,
    delivered: 4,
    cancelled: 1,
    refunded: 2,
  };
  const steps: { kind: string }[] = path.slice(0, reached[status]).map((kind) => ({ kind }));
  if (status === "cancelled" || status === "refunded") steps.push({ kind: status });
  return steps;
}
