import { describe, expect, it } from "vitest";
import {
  cancelRefusal,
  canMove,
  canMoveReturn,
  normalizeTrackingNumber,
  ORDER_STATUSES,
  orderProgress,
  orderTimeline,
  returnRefusal,
  returnWindowEnd,
  statusAfterRefund,
  trackingOf,
} from "./order-lifecycle";

describe("order state machine", () => {
  it("fulfils paid → packed → shipped → delivered, one step at a time", () => {
    expect(canMove("paid", "packed")).toBe(true);
    expect(canMove("packed", "shipped")).toBe(true);
    expect(canMove("shipped", "delivered")).toBe(true);
    expect(canMove("paid", "shipped")).toBe(false);
    expect(canMove("paid", "delivered")).toBe(false);
    expect(canMove("packed", "delivered")).toBe(false);
    expect(canMove("delivered", "shipped")).toBe(false);
  });

  it("cancels only a paid order: never pending, packed or later", () => {
    const cancellable = ORDER_STATUSES.filter((status) => canMove(status, "cancelled"));
    expect(cancellable).toEqual(["paid"]);
  });

  it("refunds in full only a cancelled or delivered order; nothing leaves refunded; unknown statuses move nowhere", () => {
    expect(ORDER_STATUSES.filter((status) => canMove(status, "refunded"))).toEqual(["delivered", "cancelled"]);
    for (const to of ORDER_STATUSES) expect(canMove("refunded", to)).toBe(false);
    expect(canMove("lost", "paid")).toBe(false);
    expect(canMove("", "packed")).toBe(false);
  });

  it("says why an order cannot be cancelled, and what to do instead", () => {
    expect(cancelRefusal("paid")).toBeNull();
    expect(cancelRefusal("packed")).toMatch(/already packed.*can no longer be cancelled.*return it/);
    expect(cancelRefusal("shipped")).toMatch(/has shipped/);
    expect(cancelRefusal("delivered")).toMatch(/return it instead/);
    expect(cancelRefusal("cancelled")).toBe("This order is already cancelled.");
    expect(cancelRefusal("refunded")).toBe("This order is already cancelled.");
    expect(cancelRefusal("pending")).toBe("This order cannot be cancelled.");
  });

  it("becomes refunded when everything it can give back is given back, not a cent before", () => {
    // $50.00: $40.00 of goods, $5.99 shipping, a $4.00 surcharge and a $0.01 round-up.
    const order = { totalCents: 5000, shippingCents: 599, surchargeCents: 400, shopperDonationCents: 1 };
    // A cancelled order: its whole total.
    expect(statusAfterRefund({ ...order, status: "cancelled", refundedCents: 5000 })).toBe("refunded");
    expect(statusAfterRefund({ ...order, status: "cancelled", refundedCents: 4999 })).toBe("cancelled");
    // A delivered order: its goods, every line returned (shipping, surcharge and donation stay).
    expect(statusAfterRefund({ ...order, status: "delivered", refundedCents: 4000 })).toBe("refunded");
    expect(statusAfterRefund({ ...order, status: "delivered", refundedCents: 3999 })).toBe("delivered");
    // A free order has nothing to refund: it stays cancelled.
    const free = { totalCents: 0, shippingCents: 0, surchargeCents: 0, shopperDonationCents: 0 };
    expect(statusAfterRefund({ ...free, status: "cancelled", refundedCents: 0 })).toBe("cancelled");
    // A shipped order cannot become refunded (only delivered or cancelled ones).
    expect(statusAfterRefund({ ...order, status: "shipped", refundedCents: 5000 })).toBe("shipped");
  });

  it("moves a return one step forward at a time", () => {
    expect(canMoveReturn("requested", "approved")).toBe(true);
    expect(canMoveReturn("approved", "received")).toBe(true);
    expect(canMoveReturn("received", "refunded")).toBe(true);
    expect(canMoveReturn("requested", "received")).toBe(false);
    expect(canMoveReturn("approved", "approved")).toBe(false);
    expect(canMoveReturn("refunded", "requested")).toBe(false);
    expect(canMoveReturn("unknown", "approved")).toBe(false);
  });
});

describe("shipments", () => {
  it("links each carrier's tracking page, and nothing for an unknown carrier or a missing number", () => {
    expect(trackingOf({ carrier: "ups", trackingNumber: "1Z999AA10123456784" })).toEqual({
      carrierName: "UPS",
      trackingNumber: "1Z999AA10123456784",
      url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(trackingOf({ carrier: "usps", trackingNumber: "9400100000000000000000" })?.url).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    );
    expect(trackingOf({ carrier: "fedex", trackingNumber: "123456789012" })?.carrierName).toBe("FedEx");
    expect(trackingOf({ carrier: "dhl", trackingNumber: "123456789012" })).toBeNull();
    expect(trackingOf({ carrier: "toString", trackingNumber: "123456789012" })).toBeNull();
    expect(trackingOf({ carrier: "ups", trackingNumber: null })).toBeNull();
  });

  it("takes tracking numbers of 8 to 40 letters and digits, dropping spaces and dashes", () => {
    expect(normalizeTrackingNumber("1z 999-aa1 0123456784")).toBe("1Z999AA10123456784");
    expect(normalizeTrackingNumber("12345678")).toBe("12345678");
    expect(normalizeTrackingNumber("1234567")).toBeNull();
    expect(normalizeTrackingNumber("A".repeat(40))).toBe("A".repeat(40));
    expect(normalizeTrackingNumber("A".repeat(41))).toBeNull();
    expect(normalizeTrackingNumber("1Z999<script>")).toBeNull();
  });
});

describe("the return window", () => {
  const deliveredAt = new Date("2027-03-01T15:00:00Z");
  const delivered = { status: "delivered", deliveredAt };

  it("is open from delivery to exactly 30 days after, and closed a millisecond later", () => {
    expect(returnWindowEnd(deliveredAt, 30)).toEqual(new Date("2027-03-31T15:00:00Z"));
    expect(returnRefusal(delivered, deliveredAt, 30)).toBeNull();
    expect(returnRefusal(delivered, new Date("2027-03-31T15:00:00Z"), 30)).toBeNull();
    expect(returnRefusal(delivered, new Date("2027-03-31T15:00:00.001Z"), 30)).toMatch(
      /accepted for 30 days after delivery/,
    );
  });

  it("is closed before delivery and after a full refund", () => {
    expect(returnRefusal({ status: "shipped", deliveredAt: null }, deliveredAt, 30)).toBe(
      "You can return items once the order is delivered.",
    );
    expect(returnRefusal({ status: "paid", deliveredAt: null }, deliveredAt, 30)).toMatch(
      /once the order is delivered/,
    );
    expect(returnRefusal({ status: "refunded", deliveredAt }, deliveredAt, 30)).toMatch(/already been refunded/);
  });
});

describe("timeline and progress", () => {
  const createdAt = new Date("2027-03-01T10:00:00Z");
  const event = (kind: string, iso: string, extra: { detail?: string; amountCents?: number } = {}) => ({
    kind,
    createdAt: new Date(iso),
    detail: extra.detail ?? null,
    amountCents: extra.amountCents ?? null,
  });

  it("starts with Placed, then the events in time order", () => {
    const steps = orderTimeline({ createdAt, status: "shipped" }, [
      event("shipped", "2027-03-03T09:00:00Z", { detail: "UPS 1Z999AA10123456784" }),
      event("paid", "2027-03-01T10:00:01Z"),
      event("packed", "2027-03-02T09:00:00Z"),
    ]);
    expect(steps.map((s) => s.label)).toEqual(["Placed", "Paid", "Packed", "Shipped"]);
    expect(steps[3]).toMatchObject({ at: "2027-03-03T09:00:00.000Z", detail: "UPS 1Z999AA10123456784" });
  });

  it("shows Paid at the creation of an order paid before events were kept", () => {
    const steps = orderTimeline({ createdAt, status: "paid" }, []);
    expect(steps.map((s) => [s.label, s.at])).toEqual([
      ["Placed", "2027-03-01T10:00:00.000Z"],
      ["Paid", "2027-03-01T10:00:00.000Z"],
    ]);
  });

  it("marks the fulfilment steps done as they happen", () => {
    const steps = orderTimeline({ createdAt, status: "packed" }, [event("packed", "2027-03-02T09:00:00Z")]);
    expect(orderProgress(steps).map((s) => [s.label, s.done])).toEqual([
      ["Placed", true],
      ["Paid", true],
      ["Packed", true],
      ["Shipped", false],
      ["Delivered", false],
    ]);
  });

  it("ends a cancelled order where it stopped, with Cancelled then Refunded", () => {
    const steps = orderTimeline({ createdAt, status: "refunded" }, [
      event("cancelled", "2027-03-01T11:00:00Z"),
      event("refunded", "2027-03-01T11:00:05Z", { amountCents: 5000 }),
    ]);
    expect(orderProgress(steps).map((s) => s.label)).toEqual(["Placed", "Paid", "Cancelled", "Refunded"]);
    expect(steps.at(-1)).toMatchObject({ label: "Refunded", amountCents: 5000 });
  });

  it("keeps the delivered path for a partly refunded order", () => {
    const steps = orderTimeline({ createdAt, status: "delivered" }, [
      event("packed", "2027-03-02T09:00:00Z"),
      event("shipped", "2027-03-03T09:00:00Z"),
      event("delivered", "2027-03-05T09:00:00Z"),
      event("partially_refunded", "2027-03-09T09:00:00Z", { amountCents: 1200 }),
    ]);
    expect(steps.at(-1)?.label).toBe("Partly refunded");
    expect(orderProgress(steps).every((s) => s.done)).toBe(true);
    expect(orderProgress(steps).map((s) => s.label)).toEqual(["Placed", "Paid", "Packed", "Shipped", "Delivered"]);
  });
});
