// The embedded payment provider's refunds (docs/rules.md "Order lifecycle"): partial, never more
// than the charge, and idempotent by key, also when two refunds race.
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
