import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import { createTestDatabase } from "../helpers/db";

let db: PrismaClient;
const NOW = new Date(Date.UTC(2026, 10, 22));
const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

afterAll(async () => {
  await db.$disconnect();
});

describe("embedded payment provider", () => {
  const payments = () => createEmbeddedPayments(db, () => NOW);

  it("accepts a Luhn-valid test card with a future expiry, and records the payment", async () => {
    const result = await payments().charge({ amountCents: 6299, card });
    expect(result).toMatchObject({ ok: true, tokenId: null, last4: "4242" });
    if (!result.ok) throw new Error("expected a payment");
    expect(await db.payment.findUniqueOrThrow({ where: { id: result.paymentId } })).toMatchObject({
      amountCents: 6299,
      status: "succeeded",
    });
  });

  it("refuses invalid numbers and CVCs, and expired cards, with clear messages", async () => {
    expect(
      await payments().charge({ amountCents: 100, card: { ...card, number: "4242 4242 4242 4241" } }),
    ).toMatchObject({
      ok: false,
      code: "invalid_card",
    });
    expect(await payments().charge({ amountCents: 100, card: { ...card, cvc: "1" } })).toMatchObject({
      code: "invalid_card",
    });
    const expired = await payments().charge({ amountCents: 100, card: { ...card, expMonth: 10, expYear: 2026 } });
    expect(expired).toMatchObject({
      ok: false,
      code: "expired_card",
      message: "This card has expired. Use another card.",
    });
  });

  it("declines the documented failing test numbers", async () => {
    expect(await payments().charge({ amountCents: 100, card: { ...card, number: "4000000000000002" } })).toMatchObject({
      ok: false,
      code: "card_declined",
    });
    expect(await payments().charge({ amountCents: 100, card: { ...card, number: "4000000000009995" } })).toMatchObject({
      ok: false,
      code: "insufficient_funds",
    });
  });

  it("saves a reusable token for autoship that only its owner can charge", async () => {
    const customer = await db.customer.create({
      data: { site: "DTC", email: "pay@example.com", firstName: "P", lastName: "Y" },
    });
    const first = await payments().charge({ amountCents: 5984, card, saveCard: true, customerId: customer.id });
    if (!first.ok || !first.tokenId) throw new Error("expected a saved card");
    const token = await db.paymentToken.findUniqueOrThrow({ where: { id: first.tokenId } });
    expect(token).toMatchObject({ customerId: customer.id, brand: "visa", last4: "4242", expYear: 2030 });
    expect(JSON.stringify(token)).not.toContain("4242424242424242");
    expect(
      await payments().charge({ amountCents: 5984, tokenId: first.tokenId, customerId: customer.id }),
    ).toMatchObject({
      ok: true,
      tokenId: first.tokenId,
    });
    expect(
      await payments().charge({ amountCents: 5984, tokenId: first.tokenId, customerId: "someone-else" }),
    ).toMatchObject({
      ok: false,
      code: "token_not_found",
    });
  });

  it("refuses a charge that is not a positive whole number of cents", async () => {
    await expect(payments().charge({ amountCents: 0, card })).rejects.toThrow(RangeError);
    await expect(payments().charge({ amountCents: 10.5, card })).rejects.toThrow(RangeError);
  });
});

// Refunds (docs/rules.md "Order lifecycle"): partial, never more than the charge, and idempotent
// by key, also when two refunds race.
describe("embedded payment provider refunds", () => {
  const payments = () => createEmbeddedPayments(db, () => NOW);

  async function charge(amountCents: number): Promise<string> {
    const result = await payments().charge({ amountCents, card });
    if (!result.ok) throw new Error("expected a payment");
    return result.paymentId;
  }

  const paymentOf = (id: string) => db.payment.findUniqueOrThrow({ where: { id } });

  it("gives back part of a charge, then the rest, and marks it refunded exactly at the full amount", async () => {
    const paymentId = await charge(5000);
    const first = await payments().refund({ paymentId, amountCents: 1200, idempotencyKey: "refund-a1" });
    expect(first).toMatchObject({ ok: true });
    expect(await paymentOf(paymentId)).toMatchObject({ refundedCents: 1200, status: "succeeded" });
    const rest = await payments().refund({ paymentId, amountCents: 3800, idempotencyKey: "refund-a2" });
    expect(rest).toMatchObject({ ok: true });
    expect(await paymentOf(paymentId)).toMatchObject({ refundedCents: 5000, status: "refunded" });
    expect(await db.paymentRefund.count({ where: { paymentId } })).toBe(2);
  });

  it("answers a retry with the same key with the first refund, giving nothing more", async () => {
    const paymentId = await charge(3000);
    const first = await payments().refund({ paymentId, amountCents: 1000, idempotencyKey: "refund-b" });
    const again = await payments().refund({ paymentId, amountCents: 1000, idempotencyKey: "refund-b" });
    expect(again).toEqual(first);
    expect(await paymentOf(paymentId)).toMatchObject({ refundedCents: 1000 });
  });

  it("refuses a cent more than what is left of the charge", async () => {
    const paymentId = await charge(2000);
    await payments().refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-c1" });
    expect(await payments().refund({ paymentId, amountCents: 501, idempotencyKey: "refund-c2" })).toEqual({
      ok: false,
      message: "Only 500 cents of this charge are left to refund.",
      retryable: false,
    });
    expect(await payments().refund({ paymentId, amountCents: 500, idempotencyKey: "refund-c3" })).toMatchObject({
      ok: true,
    });
    expect(await paymentOf(paymentId)).toMatchObject({ refundedCents: 2000, status: "refunded" });
  });

  it("refuses an unknown or declined charge, and an amount that is not a positive whole number", async () => {
    expect(
      await payments().refund({ paymentId: "pay_unknown", amountCents: 100, idempotencyKey: "refund-d1" }),
    ).toEqual({
      ok: false,
      message: "There is no successful charge to refund.",
      retryable: false,
    });
    const paymentId = await charge(1000);
    await expect(payments().refund({ paymentId, amountCents: 0, idempotencyKey: "refund-d2" })).rejects.toThrow(
      RangeError,
    );
    await expect(payments().refund({ paymentId, amountCents: 1.5, idempotencyKey: "refund-d3" })).rejects.toThrow(
      RangeError,
    );
  });

  it("never gives back more than the charge when two refunds race", async () => {
    const paymentId = await charge(1000);
    const results = await Promise.allSettled([
      payments().refund({ paymentId, amountCents: 800, idempotencyKey: "refund-e1" }),
      payments().refund({ paymentId, amountCents: 800, idempotencyKey: "refund-e2" }),
    ]);
    const succeeded = results.filter((r) => r.status === "fulfilled" && r.value.ok).length;
    expect(succeeded).toBe(1);
    expect((await paymentOf(paymentId)).refundedCents).toBe(800);
  });
});
