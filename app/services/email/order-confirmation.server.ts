// The order confirmation, composed inside the transaction that completes the order
// (docs/rules.md "Outbox"), for checkout and the autoship engine alike.
import type { Prisma } from "~/generated/prisma/client";
import { parseAddress } from "~/models/address";
import { orderLink } from "./links.server";
import { orderConfirmationEmail } from "./templates";
import type { EmailInput } from "./types";

/** The confirmation of a placed order, read with `tx` (the completing transaction sees the order as paid). */
export async function orderConfirmationFor(
  tx: Prisma.TransactionClient,
  orderId: string,
  origin: "checkout" | "autoship",
): Promise<EmailInput> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { lines: true } });
  const planIds = [...new Set(order.lines.map((l) => l.sellingPlanId).filter((id): id is string => Boolean(id)))];
  const plans = new Map(
    (await tx.sellingPlan.findMany({ where: { id: { in: planIds } } })).map((p) => [p.id, p.name] as const),
  );
  const shippingAddress = parseAddress(order.shippingAddress);
  if (!shippingAddress) throw new Error(`Order ${order.number} has no shipping address.`);
  return orderConfirmationEmail(
    {
      ...order,
      discountCodes: order.discountCodes.split(",").filter(Boolean),
      lines: order.lines.map((l) => ({
        ...l,
        plan: l.sellingPlanId ? (plans.get(l.sellingPlanId) ?? null) : null,
      })),
      shippingAddress,
      link: orderLink(order),
    },
    origin,
  );
}
