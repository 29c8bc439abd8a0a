import { describe, expect, it } from "vitest";
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
