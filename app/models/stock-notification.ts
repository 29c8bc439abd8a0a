// "Notify me when it's back" (docs/rules.md "Back in stock"): the form's schema, its refusals
// and its texts (in stock is `inStock` of app/models/merchant.ts). Pure: the product page,
// the product route's action and the stock-notification service share it.
import { z } from "zod";
import { EmailField } from "./account-forms";
import { ItemIdSchema } from "./cart-input";
import { NOTIFY_ME_INTENT } from "./notify-me";
import { serviceErrorWithStatus } from "./service-error";

export { NOTIFY_ME_INTENT, notifyMeConfirmation } from "./notify-me";

/**
 * The form's fields. A signed-in shopper's form carries no email: the server takes the
 * account's address from the session, so an `email` posted with it is dropped here (zod strips
 * unknown keys). A guest types one.
 */
export function notifyMeSchema(signedIn: boolean) {
  const base = { intent: z.literal(NOTIFY_ME_INTENT), variantId: ItemIdSchema };
  return signedIn ? z.object(base) : z.object({ ...base, email: EmailField });
}

export type NotifyMeInput = { intent: typeof NOTIFY_ME_INTENT; variantId: string; email?: string };

export type StockNotificationErrorCode = "unknown_variant" | "in_stock";

const STATUS: Record<StockNotificationErrorCode, number> = { unknown_variant: 404, in_stock: 409 };

/** A refused request: nothing was kept. */
export class StockNotificationError extends serviceErrorWithStatus<StockNotificationErrorCode>(
  "StockNotificationError",
  STATUS,
) {}

export const STOCK_NOTIFICATION_MESSAGES = {
  unknownVariant: "We could not find that product. Reload the page and try again.",
  inStock: "Good news: it's in stock now. Reload the page to add it to your cart.",
} as const;
