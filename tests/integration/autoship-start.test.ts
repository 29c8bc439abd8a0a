// Starting subscriptions (docs/rules.md "Autoship"): the autoship service writes one subscription
// per autoship line with the caller's transaction client, so checkout keeps them with the order or
// not at all. Runs on both databases.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { nextOrderDate } from "~/models/autoship";
import { startSubscriptions } from "~/services/autoship/index.server";
import { newAccount } from "../helpers/accounts";
import { orderOfVariant } from "../helpers/orders";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

beforeAll(ensureSeeded);

async function orderWithTwoLines() {
  const { customerId } = await newAccount("autoship-start");
  const [planned, once] = await prisma.productVariant.findMany({
    take: 2,
    select: { id: true, productId: true, weightValue: true, weightUnit: true },
  });
  const order = await orderOfVariant(prisma, customerId, planned!.id);
  return {
    planned: planned!,
    order: {
      orderId: order.id,
      customerId,
      site: "DTC",
      paymentTokenId: "tok_start",
      shippingAddress: TEST_ADDRESS,
      lines: [
        { variantId: planned!.id, quantity: 2, sellingPlanId: "autoship-4w" },
        { variantId: once!.id, quantity: 1, sellingPlanId: null },
      ],
    },
  };
}

describe("startSubscriptions", () => {
  it("starts one subscription per autoship line, its first order one period on", async () => {
    const { planned, order } = await orderWithTwoLines();
    const start = new Date("2026-11-24T12:00:00.000Z");
    const ids = await prisma.$transaction((tx) => startSubscriptions(tx, order, start));
    expect(ids).toHaveLength(1);
    const rows = await prisma.subscription.findMany({ where: { customerId: order.customerId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: ids[0],
      productId: planned.productId,
      variantId: planned.id,
      sellingPlanId: "autoship-4w",
      frequencyDays: 28,
      quantity: 2,
      weight: planned.weightValue,
      weightUnit: planned.weightUnit,
      startDate: start,
      nextOrderDate: nextOrderDate(start, 28),
      originOrderId: order.orderId,
      site: "DTC",
      paymentTokenId: "tok_start",
    });
    expect(JSON.parse(rows[0]!.shippingAddress)).toEqual(TEST_ADDRESS);
  });

  it("writes with the caller's transaction: undone with it", async () => {
    const { order } = await orderWithTwoLines();
    const undone = prisma.$transaction(async (tx) => {
      await startSubscriptions(tx, order, new Date());
      throw new Error("the order's transaction failed");
    });
    await expect(undone).rejects.toThrow("the order's transaction failed");
    expect(await prisma.subscription.count({ where: { customerId: order.customerId } })).toBe(0);
  });
});
