import { prisma } from "~/db.server";
import { autoshipSettings, siteSettings } from "~/env.server";
import { pricingFor } from "~/services/pricing/index.server";
import { email } from "~/services/email/index.server";
import { logger } from "~/services/observability/index.server";
import { customers } from "~/services/customers/index.server";
import { payments } from "~/services/payment/index.server";
import { stock } from "~/services/stock/index.server";
import { createAutoship } from "./autoship.server";

export { SubscriptionError, type RunSummary } from "./autoship.server";

/** The shop's autoship engine and subscription operations, on the embedded providers. */
export const autoship = createAutoship({
  db: prisma,
  payments,
  email,
  pricing: pricingFor,
  reminderDays: autoshipSettings.AUTOSHIP_REMINDER_DAYS,
  timeZone: siteSettings.SHOP_TIME_ZONE,
  stock,
  address: (customerId, addressId) => customers.findAddress(customerId, addressId),
  log: (message) => logger().info(message),
});
export * from "./autoship.server";
export { newContractId, startSubscriptions, type SubscribedOrder } from "./start.server";
