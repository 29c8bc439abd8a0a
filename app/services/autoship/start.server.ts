// Starting subscriptions (docs/rules.md "Autoship"): the autoship service's half of placing an
// order with autoship lines. Checkout calls it inside the transaction that completes the order,
// so the order and its subscriptions are kept together or not at all.
import crypto from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import type { PostalAddress } from "~/models/address";
import { nextOrderDate } from "~/models/autoship";

/** A new external contract id (subscription service). */
export const newContractId = () => `SC-${crypto.randomBytes(6).toString("hex").toUpperCase()}`;

/** The placed order whose autoship lines start subscriptions. */
export interface SubscribedOrder {
  orderId: string;
  customerId: string;
  site: string;
  /** The order's card: every later order of the subscription is charged to it. */
  paymentTokenId: string | null;
  shippingAddress: PostalAddress | null;
  lines: readonly { variantId: string; quantity: number; sellingPlanId?: string | null }[];
}

/**
 * One subscription per autoship line (a line with a selling plan; shop-core spec section 3),
 * written with `tx`: the plan's frequency, the variant's weight, the order's card and address,
 * and the first order one period after `start`. Returns the subscriptions' ids.
 */
export async function startSubscriptions(
  tx: Prisma.TransactionClient,
  order: SubscribedOrder,
  start: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const line of order.lines) {
    if (!line.sellingPlanId) continue;
    const plan = await tx.sellingPlan.findUniqueOrThrow({ where: { id: line.sellingPlanId } });
    const variant = await tx.productVariant.findUniqueOrThrow({
      where: { id: line.variantId },
      select: { productId: true, weightValue: true, weightUnit: true },
    });
    const { id } = await tx.subscription.create({
      data: {
        customerId: order.customerId,
        productId: variant.productId,
        variantId: line.variantId,
        contractId: newContractId(),
        sellingPlanId: plan.id,
        frequencyDays: plan.frequencyDays,
        frequency: plan.name,
        quantity: line.quantity,
        weight: variant.weightValue,
        weightUnit: variant.weightUnit,
        startDate: start,
        nextOrderDate: nextOrderDate(start, plan.frequencyDays),
        originOrderId: order.orderId,
        site: order.site,
        paymentTokenId: order.paymentTokenId,
        shippingAddress: JSON.stringify(order.shippingAddress),
      },
      select: { id: true },
    });
    ids.push(id);
  }
  return ids;
}
