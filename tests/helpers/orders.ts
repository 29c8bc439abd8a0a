// An order of one unit of a variant, written straight to the database (a purchase in the past),
// numbered by the order sequence so later checkouts in the same database never collide.
import type { PrismaClient } from "~/generated/prisma/client";
import { nextOrderNumber } from "~/services/orders/index.server";
import { TEST_ADDRESS } from "./seeded";

export async function orderOfVariant(
  db: PrismaClient,
  customerId: string,
  variantId: string,
  { status = "paid", site = "DTC" }: { status?: string; site?: string } = {},
) {
  const variant = await db.productVariant.findUniqueOrThrow({
    where: { id: variantId },
    select: {
      title: true,
      sku: true,
      priceCents: true,
      weightValue: true,
      weightUnit: true,
      product: { select: { title: true } },
    },
  });
  return db.order.create({
    data: {
      number: await nextOrderNumber(db),
      site,
      customerId,
      email: `${customerId}@example.com`,
      status,
      subtotalCents: variant.priceCents,
      totalCents: variant.priceCents,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      paymentSummary: "visa ending 4242",
      lines: {
        create: {
          variantId,
          productTitle: variant.product.title,
          variantTitle: variant.title,
          sku: variant.sku,
          quantity: 1,
          unitPriceCents: variant.priceCents,
          weightValue: variant.weightValue,
          weightUnit: variant.weightUnit,
        },
      },
    },
  });
}
