// What the shop records of an order placed on a platform's checkout (Shopify's orders/create;
// docs/decisions.md "Checkout hand-off on Shopify"), in the transaction that keeps the webhook's
// row, so a delivery sent again records nothing twice: the donation worked out at the hand-off
// is confirmed to the donation service through the outbox, once per tracking record, and the
// purchase is recorded by the shop's own analytics when the shopper's consent allowed it.
import { ANALYTICS_CONSENT_ATTRIBUTE, orderLineItem, purchaseEvent } from "~/models/analytics";
import { DONATION_TRACKING_ATTRIBUTE } from "~/models/donations";
import { donationConfirmationData } from "~/models/order-donation";
import type { ShopifyOrderCreated } from "~/models/shopify-webhook";
import { storedSite } from "~/models/site";
import type { Prisma } from "~/generated/prisma/client";
import { recordPlatformPurchase } from "~/services/analytics/index.server";
import { SITE_ATTRIBUTE } from "~/services/commerce/index.server";
import { enqueueDonationConfirmation } from "~/services/donations/index.server";

export async function recordPlatformOrder(tx: Prisma.TransactionClient, order: ShopifyOrderCreated): Promise<void> {
  const site = storedSite(order.attributes[SITE_ATTRIBUTE] ?? "");
  const trackingId = order.attributes[DONATION_TRACKING_ATTRIBUTE];
  if (trackingId) {
    // Claimed once: a second order naming the same tracking record confirms nothing.
    const claimed = await tx.platformDonation.updateMany({
      where: { trackingId, orderId: null },
      data: { orderId: order.orderId },
    });
    if (claimed.count === 1) {
      const gift = await tx.platformDonation.findUniqueOrThrow({ where: { trackingId } });
      await enqueueDonationConfirmation(tx, {
        trackingId,
        orderId: order.orderId,
        orderNumber: order.number,
        ...donationConfirmationData({
          donationCauseId: gift.causeId,
          donationCauseName: gift.causeName,
          donationCents: gift.donationCents,
          shopperDonationKind: null,
          shopperDonationCents: 0,
        }),
      });
    }
  }
  await recordPlatformPurchase(tx, {
    site,
    consented: order.attributes[ANALYTICS_CONSENT_ATTRIBUTE] === "granted",
    event: purchaseEvent({
      id: order.orderId,
      totalCents: order.totalCents,
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      discountCodes: order.discountCodes,
      items: order.lines.map((line) =>
        orderLineItem({
          variantId: line.variantId,
          sku: line.sku,
          productTitle: line.title,
          variantTitle: line.variantTitle,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
        }),
      ),
    }),
  });
}
