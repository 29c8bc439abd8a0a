import { describe, expect, it } from "vitest";
import { refundLeftCents } from "./refunds";
import { shopDayFilter } from "./shop-time";
import { confirmedIntents, intentPermissions } from "./admin-intents";
import {
  BULK_SHIP_MAX,
  bulkShipRows,
  cancelOrderQuestion,
  centsOfDollars,
  ORDER_CSV_HEADER,
  ORDER_INTENTS,
  orderCsvRows,
  orderSearchOf,
  receiveReturnQuestion,
  refundedRows,
  refundQuestion,
  refundRefusal,
  RETURN_INTENTS,
  SHIP_INTENTS,
  statusTone,
} from "./admin-orders";

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
  it("takes each ticked order once with its carrier and tracking number, refusing a bad row on its own", () => {
    const rows = bulkShipRows({
      order: ["a", "b", "a", "c"],
      carrier: { a: "ups", b: "dhl", c: "usps", d: "ups" },
      tracking: { a: "1z 999-aa1 0123456784", b: "1Z999AA10123456784", c: "short", d: "1Z999AA10123456784" },
    });
    expect(rows).toEqual([
      { orderId: "a", ok: true, carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      { orderId: "b", ok: false, message: "Choose the carrier." },
      { orderId: "c", ok: false, message: "Enter a tracking number of 8 to 40 letters and digits." },
    ]);
    // A key every object has is no carrier.
    expect(bulkShipRows({ order: ["toString"], carrier: {}, tracking: {} })).toEqual([
      { orderId: "toString", ok: false, message: "Choose the carrier." },
    ]);
  });

  it("takes between 1 and BULK_SHIP_MAX ticked orders", () => {
    const parse = (order: string[]) => SHIP_INTENTS.ship.schema.safeParse({ intent: "ship", order });
    expect(parse(["a"]).success).toBe(true);
    expect(parse(Array.from({ length: BULK_SHIP_MAX }, (_, i) => `o${i}`)).success).toBe(true);
    const over = parse(Array.from({ length: BULK_SHIP_MAX + 1 }, (_, i) => `o${i}`));
    expect(over.error?.flatten().fieldErrors.order).toEqual([`Tick between 1 and ${BULK_SHIP_MAX} orders to ship.`]);
    expect(parse([]).success).toBe(false);
  });
});

describe("the orders pages' actions (docs/rules.md 'Back office: orders')", () => {
  it("is the order page's whole intent → permission table; cancel and refund ask first", () => {
    expect(intentPermissions(ORDER_INTENTS)).toEqual({
      packed: "orders.fulfil",
      shipped: "orders.fulfil",
      delivered: "orders.fulfil",
      cancel: "orders.cancel",
      refund: "orders.refund",
      resend: "orders.resend",
    });
    expect(confirmedIntents(ORDER_INTENTS)).toEqual(["cancel", "refund"]);
  });

  it("is the returns queue's and bulk ship's whole tables; receiving (it writes the refund) asks first", () => {
    expect(intentPermissions(RETURN_INTENTS)).toEqual({ approve: "returns.approve", receive: "returns.receive" });
    expect(confirmedIntents(RETURN_INTENTS)).toEqual(["receive"]);
    expect(intentPermissions(SHIP_INTENTS)).toEqual({ ship: "orders.fulfil" });
    expect(confirmedIntents(SHIP_INTENTS)).toEqual([]);
  });

  it("asks questions that name the order and the money", () => {
    const order = { number: 100012, totalCents: 10_000, refundedCents: 1_000, pendingRefundCents: 3_264 };
    expect(cancelOrderQuestion(order)).toBe("Cancel order #100012 and refund $57.36?");
    expect(cancelOrderQuestion({ ...order, pendingRefundCents: 9_000 })).toBe(
      "Cancel order #100012? Nothing is left to refund.",
    );
    expect(refundQuestion(100012, 1200)).toBe("Refund $12.00 of order #100012 to the customer's card?");
    expect(receiveReturnQuestion(100012, 4500)).toBe(
      "Mark the return of order #100012 received and refund $45.00 to the customer's card?",
    );
  });

  it("reads the ship and refund forms beside their fields", () => {
    const ship = ORDER_INTENTS.shipped.schema.safeParse({ intent: "shipped", carrier: "dhl", trackingNumber: "1" });
    expect(ship.error?.flatten().fieldErrors).toEqual({
      carrier: ["Choose the carrier."],
      trackingNumber: ["Enter a tracking number of 8 to 40 letters and digits."],
    });
    const refund = ORDER_INTENTS.refund.schema.safeParse({
      intent: "refund",
      refundKey: "k",
      amount: "$12",
      reason: " ",
    });
    expect(refund.error?.flatten().fieldErrors).toEqual({ reason: ["Say why you refund."] });
    expect(
      ORDER_INTENTS.refund.schema.parse({ intent: "refund", refundKey: "k", amount: "$12", reason: "Torn" }).amount,
    ).toBe(1200);
  });
});

describe("the order page's amounts after the total", () => {
  it("shows what was refunded, and what is on its way only when something is", () => {
    expect(refundedRows({ refundedCents: 0, pendingRefundCents: 0 })).toEqual([{ label: "Refunded", cents: 0 }]);
    expect(refundedRows({ refundedCents: 100, pendingRefundCents: 50 })).toEqual([
      { label: "Refunded", cents: 100 },
      { label: "Refund pending", cents: 50 },
    ]);
  });
});

describe("the orders CSV", () => {
  it("writes each order with its status label and its total as decimal dollars", () => {
    expect(ORDER_CSV_HEADER).toHaveLength(9);
    expect(
      orderCsvRows([
        {
          number: 100012,
          createdAt: "2031-03-04T23:59:00.000Z",
          email: "dana@example.com",
          customerName: null,
          site: "DTC",
          status: "shipped",
          totalCents: 5736,
          currencyCode: "USD",
          items: 3,
        },
      ]),
    ).toEqual([[100012, "2031-03-04T23:59:00.000Z", "Shipped", "DTC", "", "dana@example.com", 3, "57.36", "USD"]]);
  });
});

describe("status badges", () => {
  it("marks what waits for the shop, what is done and what ended", () => {
    expect(
      ["paid", "packed", "shipped", "delivered", "cancelled", "refunded"].map((s) => statusTone("order", s)),
    ).toEqual(["warn", "warn", "ok", "ok", "off", "off"]);
    expect(["requested", "approved", "received", "refunded"].map((s) => statusTone("return", s))).toEqual([
      "warn",
      "warn",
      "ok",
      "ok",
    ]);
  });
});
