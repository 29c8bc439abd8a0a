import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refundRefusal } from "./admin-orders";
import {
  cancelRefundCents,
  goodsCents,
  lineParts,
  priceReturn,
  receivedRefundCents,
  refundCauseOf,
  refundFits,
  refundLeftCents,
  type RefundableOrder,
} from "./refunds";

// Two lines: 3 × $10.00 and 1 × $25.00 = $55.00 of merchandise, $5.00 off, 7% tax on $50.00
// ($3.50), $5.99 shipping, a $4.00 Alaska surcharge and a $0.51 round-up: total $68.00.
const order: RefundableOrder = {
  totalCents: 6800,
  shippingCents: 599,
  surchargeCents: 400,
  shopperDonationCents: 51,
  refundedCents: 0,
  pendingRefundCents: 0,
  openReturnCents: 0,
  lines: [
    { id: "a", quantity: 3, unitPriceCents: 1000 },
    { id: "b", quantity: 1, unitPriceCents: 2500 },
  ],
};
const none = new Map<string, number>();

describe("a cancellation's refund", () => {
  it("is everything the order cost, less what was already refunded, never below 0", () => {
    expect(cancelRefundCents(order)).toBe(6800);
    expect(cancelRefundCents({ ...order, refundedCents: 1800 })).toBe(5000);
    expect(cancelRefundCents({ ...order, refundedCents: 6800 })).toBe(0);
    expect(cancelRefundCents({ ...order, refundedCents: 7000 })).toBe(0);
  });
});

describe("a return's refund", () => {
  it("splits the goods (total less shipping, surcharge and donation) over the lines to the cent", () => {
    expect(goodsCents(order)).toBe(5750);
    const parts = lineParts(order);
    // 30/55 and 25/55 of $57.50: 3136.36… and 2613.63…, largest remainder to the first.
    expect([parts.get("a"), parts.get("b")]).toEqual([3136, 2614]);
    expect((parts.get("a") ?? 0) + (parts.get("b") ?? 0)).toBe(5750);
  });

  it("gives back a line's units in proportion, and every unit across several returns gives back exactly its part", () => {
    const first = priceReturn(order, none, [{ orderLineId: "a", quantity: 1 }]);
    expect(first).toEqual({
      ok: true,
      lines: [{ orderLineId: "a", quantity: 1, refundCents: 1045 }],
      refundCents: 1045,
    });
    const second = priceReturn(order, new Map([["a", 1]]), [{ orderLineId: "a", quantity: 1 }]);
    const third = priceReturn(order, new Map([["a", 2]]), [{ orderLineId: "a", quantity: 1 }]);
    const cents = [first, second, third].map((r) => (r.ok ? r.refundCents : NaN));
    expect(cents).toEqual([1045, 1046, 1045]);
    expect(cents.reduce((a, b) => a + b, 0)).toBe(3136);
  });

  it("returning every line gives back the goods, not shipping, surcharge or the donation", () => {
    const all = priceReturn(order, none, [
      { orderLineId: "a", quantity: 3 },
      { orderLineId: "b", quantity: 1 },
    ]);
    expect(all.ok && all.refundCents).toBe(5750);
  });

  it("takes 1 up to what is left of a line: exactly the last unit, not one more", () => {
    expect(priceReturn(order, new Map([["a", 2]]), [{ orderLineId: "a", quantity: 1 }]).ok).toBe(true);
    expect(priceReturn(order, new Map([["a", 2]]), [{ orderLineId: "a", quantity: 2 }])).toEqual({
      ok: false,
      message: "Choose from 1 to 1 to return.",
      orderLineId: "a",
    });
    expect(priceReturn(order, new Map([["b", 1]]), [{ orderLineId: "b", quantity: 1 }])).toMatchObject({
      ok: false,
      message: "This item has already been returned.",
    });
    expect(priceReturn(order, none, [{ orderLineId: "a", quantity: 1.5 }]).ok).toBe(false);
    expect(priceReturn(order, none, [{ orderLineId: "a", quantity: -1 }]).ok).toBe(false);
  });

  it("refuses an empty return, another order's line, and a line twice", () => {
    expect(priceReturn(order, none, [])).toEqual({ ok: false, message: "Choose at least one item to return." });
    expect(priceReturn(order, none, [{ orderLineId: "a", quantity: 0 }]).ok).toBe(false);
    expect(priceReturn(order, none, [{ orderLineId: "z", quantity: 1 }])).toMatchObject({
      ok: false,
      message: "Choose items of this order.",
    });
    expect(
      priceReturn(order, none, [
        { orderLineId: "a", quantity: 1 },
        { orderLineId: "a", quantity: 1 },
      ]).ok,
    ).toBe(false);
  });

  it("never takes the refunds past the order's total", () => {
    const almostAll = { ...order, refundedCents: 6000 };
    const result = priceReturn(almostAll, none, [{ orderLineId: "b", quantity: 1 }]);
    expect(result.ok && result.refundCents).toBe(800);
  });

  it("counts refunds on their way and other open returns in what is left, to the cent", () => {
    // An operator's $60.00 on its way and a $3.00 return still open leave $5.00.
    const busy = { ...order, pendingRefundCents: 6000, openReturnCents: 300 };
    const result = priceReturn(busy, none, [{ orderLineId: "b", quantity: 1 }]);
    expect(result.ok && result.refundCents).toBe(500);
    const full = priceReturn({ ...busy, openReturnCents: 800 }, none, [{ orderLineId: "b", quantity: 1 }]);
    expect(full.ok && full.refundCents).toBe(0);
  });
});

describe('refunds never pass what was paid (docs/rules.md "Refunds never pass what was paid")', () => {
  const ledger = { totalCents: 10_000, refundedCents: 2_000, pendingRefundCents: 3_000, openReturnCents: 1_000 };

  it("what is left counts what was refunded, what is on its way and what open returns promise", () => {
    expect(refundLeftCents(ledger)).toBe(4_000);
    expect(refundLeftCents({ ...ledger, openReturnCents: 5_000 })).toBe(0);
    expect(refundLeftCents({ ...ledger, openReturnCents: 6_000 })).toBe(0);
  });

  it("a received return gives back its refund, capped to what is left of the refunds made and on their way", () => {
    expect(receivedRefundCents(5_000, ledger)).toBe(5_000);
    expect(receivedRefundCents(5_001, ledger)).toBe(5_000);
    expect(receivedRefundCents(1_000, { ...ledger, pendingRefundCents: 8_000 })).toBe(0);
    expect(receivedRefundCents(1_000, { ...ledger, pendingRefundCents: 9_000 })).toBe(0);
  });

  it("a refund fits while what is refunded plus it stays within the total: exactly the total, not a cent more", () => {
    expect(refundFits(ledger, 8_000)).toBe(true);
    expect(refundFits(ledger, 8_001)).toBe(false);
    expect(refundFits(ledger, 0)).toBe(false);
    expect(refundFits(ledger, 1.5)).toBe(false);
  });

  it("reads a stored cause, an unknown one as the shop's", () => {
    expect(["cancellation", "return", "shop", "other"].map(refundCauseOf)).toEqual([
      "cancellation",
      "return",
      "shop",
      "shop",
    ]);
  });
});

// ─── Money that always adds up (property-based, fast-check) ─────────────────

/** Any order: 1 to 4 lines, shipping, maybe the Alaska/Hawaii charge, tax and a shopper's gift. */
const anyOrder = fc
  .record({
    lines: fc.array(
      fc.record({ quantity: fc.integer({ min: 1, max: 5 }), unitPriceCents: fc.integer({ min: 0, max: 10_000 }) }),
      { minLength: 1, maxLength: 4 },
    ),
    shippingCents: fc.constantFrom(0, 799),
    surchargeCents: fc.constantFrom(0, 400),
    taxCents: fc.integer({ min: 0, max: 3_000 }),
    shopperDonationCents: fc.integer({ min: 0, max: 500 }),
    paid: fc.boolean(),
    // Left from before the rule: an operator's refund on its way and a return asked for, in
    // percent of the total, which together may promise more than it.
    legacy: fc.option(
      fc.record({ pending: fc.integer({ min: 0, max: 100 }), open: fc.integer({ min: 1, max: 100 }) }),
      {
        nil: null,
      },
    ),
  })
  .map((o) => {
    const lines = o.lines.map((l, i) => ({ id: `l${i}`, ...l }));
    const goods = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    return {
      ...o,
      lines,
      totalCents: goods + o.taxCents + o.shippingCents + o.surchargeCents + o.shopperDonationCents,
    };
  });

/** Any sequence of what can happen to an order's money: returns and their steps, operator refunds, cancel, settling. */
const anySteps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant("return" as const),
      lines: fc.array(fc.record({ line: fc.nat(3), quantity: fc.integer({ min: 1, max: 5 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    fc.record({ kind: fc.constant("receive" as const), which: fc.nat(5) }),
    fc.record({ kind: fc.constant("operator" as const), amountCents: fc.integer({ min: -100, max: 40_000 }) }),
    fc.record({ kind: fc.constant("cancel" as const) }),
    fc.record({ kind: fc.constant("settle" as const) }),
  ),
  { maxLength: 25 },
);

describe("money that always adds up: refunds (docs/rules.md 'Refunds never pass what was paid')", () => {
  it("for any order and any sequence of cancel, return, receive and operator refund, refunds never pass what was paid", () => {
    fc.assert(
      fc.property(anyOrder, anySteps, (order, steps) => {
        let refundedCents = 0;
        let status = order.paid && !order.legacy ? "paid" : "delivered";
        const share = (percent: number) => Math.floor((order.totalCents * percent) / 100);
        let pending: number[] = order.legacy ? [share(order.legacy.pending)].filter((cents) => cents > 0) : [];
        let open: number[] = order.legacy ? [share(order.legacy.open)] : [];
        const returned = new Map<string, number>();
        let promisedToReturns = 0;
        const ledger = () => ({
          totalCents: order.totalCents,
          refundedCents,
          pendingRefundCents: pending.reduce((a, b) => a + b, 0),
          openReturnCents: open.reduce((a, b) => a + b, 0),
        });
        for (const step of steps) {
          if (step.kind === "return" && status === "delivered") {
            const request = step.lines.map((l) => ({
              orderLineId: order.lines[l.line % order.lines.length].id,
              quantity: l.quantity,
            }));
            const priced = priceReturn({ ...order, ...ledger() }, returned, request);
            if (priced.ok) {
              for (const l of priced.lines)
                returned.set(l.orderLineId, (returned.get(l.orderLineId) ?? 0) + l.quantity);
              open.push(priced.refundCents);
              promisedToReturns += priced.refundCents;
            }
          } else if (step.kind === "receive" && open.length > 0) {
            const i = step.which % open.length;
            const promised = open[i];
            open = open.filter((_, j) => j !== i);
            const given = receivedRefundCents(promised, ledger());
            expect(given).toBeLessThanOrEqual(promised);
            if (given > 0) pending.push(given);
          } else if (step.kind === "operator" && status !== "paid") {
            if (refundRefusal(step.amountCents, refundLeftCents(ledger())) === null) pending.push(step.amountCents);
          } else if (step.kind === "cancel" && status === "paid") {
            status = "cancelled";
            const rest = cancelRefundCents({
              totalCents: order.totalCents,
              refundedCents: refundedCents + ledger().pendingRefundCents,
            });
            if (rest > 0) pending.push(rest);
          } else if (step.kind === "settle") {
            for (const amount of pending) {
              // Nothing queued under these rules is ever refused as too much.
              expect(refundFits({ totalCents: order.totalCents, refundedCents }, amount)).toBe(true);
              refundedCents += amount;
            }
            pending = [];
          }
          const now = ledger();
          // What was given back and what is on its way never pass what was paid; without what
          // was left from before the rule, neither do they with what open returns promise.
          expect(now.refundedCents + now.pendingRefundCents).toBeLessThanOrEqual(order.totalCents);
          if (!order.legacy) {
            expect(now.refundedCents + now.pendingRefundCents + now.openReturnCents).toBeLessThanOrEqual(
              order.totalCents,
            );
          }
          for (const cents of [...pending, ...open]) expect(Number.isInteger(cents) && cents >= 0).toBe(true);
        }
        // Every return asked for together gives back at most the goods (shipping, charge and gift kept).
        expect(promisedToReturns).toBeLessThanOrEqual(goodsCents(order));
        expect(refundedCents).toBeLessThanOrEqual(order.totalCents);
      }),
      { numRuns: 500 },
    );
  });
});
