// The order confirmation, composed inside the transaction that completes the order
// (docs/rules.md "Outbox"), for checkout and the autoship engine alike.
import { checkoutSettings, siteSettings } from "~/env.server";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { parseAddress } from "~/models/address";
import { deliveryEstimateMessage, HAWAII_DELIVERY_MESSAGE } from "~/models/checkout-forms";
import { pricingStateOf } from "~/models/order-pricing";
import { storedSite } from "~/models/site";
import { orderLink } from "./links.server";
import { emailImageUrl } from "./shop.server";
import { orderConfirmationEmail } from "./templates/index.server";
import type { EmailInput } from "./types";

/**
 * The confirmation's delivery line: the checkout's estimate (`deliveryEstimateMessage`) from
 * the order's date to its zip; none where the checkout shows none (Hawaii with
 * HAWAII_DELIVERY_DATE_HIDDEN).
 */
export function orderDeliveryEstimate(placedAt: Date, zip: string): string | null {
  const line = deliveryEstimateMessage({
    now: placedAt,
    businessDays: checkoutSettings.DELIVERY_BUSINESS_DAYS,
    timeZone: siteSettings.SHOP_TIME_ZONE,
    userLocation: `${zip}::HOME`,
    provinceCode: pricingStateOf(zip) ?? "",
    hawaiiFlag: checkoutSettings.HAWAII_DELIVERY_DATE_HIDDEN,
  });
  return line === HAWAII_DELIVERY_MESSAGE ? null : line;
}

/**
 * The confirmation of an order, read with `tx`: checkout and autoship read the reserved order
 * before the transaction that completes it (nothing the email shows changes when it is paid),
 * so the rendering holds no write lock; a resend reads it in its own transaction.
 */
export async function orderConfirmationFor(
  tx: PrismaClient | Prisma.TransactionClient,
  orderId: string,
  origin: "checkout" | "autoship",
): Promise<EmailInput> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    include: {
      lines: {
        include: {
          // The line's picture as the cart shows it: the variant's first, else the product's first.
          variant: {
            select: {
              images: { take: 1, orderBy: { position: "asc" }, select: { url: true } },
              product: {
                select: {
                  images: { where: { variantId: null }, take: 1, orderBy: { position: "asc" }, select: { url: true } },
                },
              },
            },
          },
        },
      },
    },
  });
  const site = storedSite(order.site);
  const planIds = [...new Set(order.lines.map((l) => l.sellingPlanId).filter((id): id is string => Boolean(id)))];
  const plans = new Map(
    (await tx.sellingPlan.findMany({ where: { id: { in: planIds } } })).map((p) => [p.id, p.name] as const),
  );
  const shippingAddress = parseAddress(order.shippingAddress);
  if (!shippingAddress) throw new Error(`Order ${order.number} has no shipping address.`);
  return orderConfirmationEmail(
    {
      ...order,
      site,
      discountCodes: order.discountCodes.split(",").filter(Boolean),
      deliveryEstimate: orderDeliveryEstimate(order.createdAt, shippingAddress.zip),
      lines: order.lines.map(({ variant, ...l }) => ({
        ...l,
        plan: l.sellingPlanId ? (plans.get(l.sellingPlanId) ?? null) : null,
        imageUrl: emailImageUrl(site, variant?.images[0]?.url ?? variant?.product.images[0]?.url),
      })),
      shippingAddress,
      link: orderLink(order),
    },
    origin,
  );
}
