import { describe, expect, it } from "vitest";
import { orderProgress } from "./order-lifecycle";
import { shopifyOrderStatus, shopifyOrderTimeline } from "./shopify-orders";

const order = (financialStatus: string | null, fulfillmentStatus: string, canceledAt: string | null = null) => ({
  financialStatus,
  fulfillmentStatus,
  canceledAt,
});

describe("a Shopify order's status (docs/rules.md 'Shopify customers')", () => {
  it.each([
    [order("PAID", "FULFILLED", "2026-01-02T00:00:00Z"), "cancelled"],
    [order("REFUNDED", "FULFILLED"), "refunded"],
    [order("PAID", "FULFILLED"), "shipped"],
    [order("PAID", "PARTIALLY_FULFILLED"), "packed"],
    [order("PAID", "IN_PROGRESS"), "packed"],
    [order("PAID", "UNFULFILLED"), "paid"],
    [order("PARTIALLY_REFUNDED", "UNFULFILLED"), "paid"],
    [order("PENDING", "UNFULFILLED"), "pending"],
    [order("AUTHORIZED", "UNFULFILLED"), "pending"],
    [order(null, "UNFULFILLED"), "pending"],
  ])("%o is %s", (state, status) => {
    expect(shopifyOrderStatus(state)).toBe(status);
  });

  it("reaches the steps of its status, ending in cancelled or refunded", () => {
    const done = (status: Parameters<typeof shopifyOrderTimeline>[0]) =>
      orderProgress(shopifyOrderTimeline(status))
        .filter((step) => step.done)
        .map((step) => step.kind);
    expect(done("pending")).toEqual(["placed"]);
    expect(done("paid")).toEqual(["placed", "paid"]);
    expect(done("shipped")).toEqual(["placed", "paid", "packed", "shipped"]);
    expect(done("refunded")).toEqual(["placed", "paid", "refunded"]);
    expect(done("cancelled")).toEqual(["placed", "cancelled"]);
  });
});
