import { describe, expect, it } from "vitest";
import { refundLeftCents } from "./refunds";
import { shopDayFilter } from "./shop-time";
import { bulkShipRows, centsOfDollars, ORDER_INTENT_PERMISSION, orderSearchOf, refundRefusal } from "./admin-orders";

describe("the orders search", () => {
  it("reads every filter, and ignores what does not parse", () => {
    expect(
      orderSearchOf(
        new URLSearchParams(
          "number=%23100042&customer=+Dana+&status=shipped&site=HPSF&from=2031-03-04&to=2031-03-05&page=2",
        ),
      ),
    ).toEqual({
      number: 100042,
      customer: "Dana",
      status: "shipped",
      site: "HPSF",
      from: "2031-03-04",
      to: "2031-03-05",
      page: 2,
    });
    expect(
      orderSearchOf(new URLSearchParams("number=12a&status=pending&site=MARS&from=2031-02-30x&to=tomorrow&page=0")),
    ).toEqual({ page: 1 });
    expect(orderSearchOf(new URLSearchParams(`customer=${"x".repeat(201)}`)).customer).toBeUndefined();
  });

  it("takes both ends of the placed days in, as days in the shop's time zone (shopDayFilter)", () => {
    const NY = "America/New_York";
    expect(shopDayFilter("2031-03-04", "2031-03-04", NY)).toEqual({
      gte: new Date("2031-03-04T05:00:00Z"),
      lt: new Date("2031-03-05T05:00:00Z"),
    });
    expect(shopDayFilter(undefined, undefined, NY)).toEqual({});
    // A real day only: February 30 is ignored, as the schema ignores it.
    expect(orderSearchOf(new URLSearchParams("from=2031-02-30&to=2031-02-28"))).toEqual({ page: 1, to: "2031-02-28" });
  });
});

describe("refunds an operator types", () => {
  it("reads dollars as cents", () => {
    expect(centsOfDollars("12")).toBe(1200);
    expect(centsOfDollars("12.5")).toBe(1250);
    expect(centsOfDollars(" $1,012.05 ")).toBe(101205);
    for (const bad of ["", "-1", "1.234", "abc", "1e3", "12345678"]) expect(centsOfDollars(bad)).toBeNull();
  });

  it("allows exactly what is left (total − refunded − pending − open returns), not a cent more, and never nothing", () => {
    const left = refundLeftCents({
      totalCents: 10_000,
      refundedCents: 1_000,
      pendingRefundCents: 500,
      openReturnCents: 0,
    });
    expect(left).toBe(8_500);
    expect(refundRefusal(8_500, left)).toBeNull();
    expect(refundRefusal(1, left)).toBeNull();
    expect(refundRefusal(8_501, left)).toBe("Refund at most $85.00, what is left to refund.");
    expect(refundRefusal(0, left)).toBe("Enter an amount of at least $0.01.");
    expect(refundRefusal(1, 0)).toBe("Nothing is left to refund on this order.");
    expect(refundLeftCents({ totalCents: 100, refundedCents: 100, pendingRefundCents: 50, openReturnCents: 0 })).toBe(
      0,
    );
  });
});

describe("bulk ship rows", () => {
  it("takes each ticked order with its carrier and tracking number, refusing a bad row on its own", () => {
    const rows = bulkShipRows([
      ["order", "a"],
      ["order", "b"],
      ["order", "a"],
      ["order", "c"],
      ["carrier.a", "ups"],
      ["tracking.a", "1z 999-aa1 0123456784"],
      ["carrier.b", "dhl"],
      ["tracking.b", "1Z999AA10123456784"],
      ["carrier.c", "usps"],
      ["tracking.c", "short"],
      ["carrier.d", "ups"],
      ["tracking.d", "1Z999AA10123456784"],
    ]);
    expect(rows).toEqual([
      { orderId: "a", ok: true, carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      { orderId: "b", ok: false, message: "Choose the carrier." },
      { orderId: "c", ok: false, message: "Enter a tracking number of 8 to 40 letters and digits." },
    ]);
    expect(bulkShipRows([["carrier.a", "ups"]])).toBeNull();
  });
});

describe("the order page's permissions", () => {
  it("asks fulfilment for the steps, and its own permission for cancel, refund and resend", () => {
    expect(ORDER_INTENT_PERMISSION).toEqual({
      packed: "orders.fulfil",
      shipped: "orders.fulfil",
      delivered: "orders.fulfil",
      cancel: "orders.cancel",
      refund: "orders.refund",
      resend: "orders.resend",
    });
  });
});
