import { describe, expect, it } from "vitest";
import { mayViewOrder, type OrderViewer } from "./order-access";

const order = { id: "o1", site: "DTC", customerId: "c1" };
const guestOrder = { id: "o2", site: "DTC", customerId: null };
const viewer = (over: Partial<OrderViewer> = {}): OrderViewer => ({
  site: "DTC",
  customerId: null,
  placedOrderIds: [],
  ...over,
});

describe("who may see an order", () => {
  it("the signed-in customer whose order it is, on the order's site", () => {
    expect(mayViewOrder(order, viewer({ customerId: "c1" }))).toBe(true);
  });

  it("not another customer, nor a guest", () => {
    expect(mayViewOrder(order, viewer({ customerId: "c2" }))).toBe(false);
    expect(mayViewOrder(order, viewer())).toBe(false);
  });

  it("a guest order (no customer) is never anyone's own order", () => {
    expect(mayViewOrder(guestOrder, viewer({ customerId: "c1" }))).toBe(false);
  });

  it("the session that placed it, signed in or not", () => {
    expect(mayViewOrder(guestOrder, viewer({ placedOrderIds: ["o9", "o2"] }))).toBe(true);
    expect(mayViewOrder(order, viewer({ customerId: "c2", placedOrderIds: ["o1"] }))).toBe(true);
    expect(mayViewOrder(guestOrder, viewer({ placedOrderIds: ["o1"] }))).toBe(false);
  });

  it("nobody on the other site, not even its customer or the session that placed it", () => {
    expect(mayViewOrder(order, viewer({ site: "HPSF", customerId: "c1" }))).toBe(false);
    expect(mayViewOrder(guestOrder, viewer({ site: "HPSF", placedOrderIds: ["o2"] }))).toBe(false);
  });
});
