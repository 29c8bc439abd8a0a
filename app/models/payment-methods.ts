// Payment Methods in the account and the card of an autoship (docs/rules.md "Saved cards"):
// the page's form schemas, which card may be removed, which card an autoship may switch to,
// and the expiring-card flags of a card's autoships. No I/O: the payment service keeps the
// cards, the autoship service the subscriptions.
import { z } from "zod";
import { CheckedBox } from "./account-forms";
import { luhnValid } from "./checkout";
import { cardExpiredBy, cardExpiryLabel, cardLabel, expiringCardNotice, type SavedCard } from "./payment-cards";

/** How far ahead the add-card form offers expiry years (cards are issued for up to about 10 years). */
export const EXPIRY_YEARS_AHEAD = 15;

/** The years the add-card form offers: this year (UTC) and the next `EXPIRY_YEARS_AHEAD`. */
export function expiryYears(now: Date): number[] {
  const first = now.getUTCFullYear();
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => first + i);
}

/** The months of the add-card form, "01" to "12". */
export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

const tokenId = z.string({ required_error: "Choose a card." }).trim().min(1, "Choose a card.").max(100);

const monthMessage = "Choose the expiry month.";
const yearMessage = "Choose the expiry year.";

/**
 * A new card. The number and security code go to the payment service and nowhere else
 * (never stored, never logged, never sent back to the page). Whether the card has expired is
 * the payment service's answer ("expired_card", shown beside the month).
 */
export const AddCardSchema = z.object({
  intent: z.literal("add-card"),
  cardNumber: z
    .string({ required_error: "Enter the card number." })
    .trim()
    .max(30, "Check the card number: it is not a valid card.")
    .refine(luhnValid, "Check the card number: it is not a valid card."),
  expMonth: z.coerce
    .number({ required_error: monthMessage, invalid_type_error: monthMessage })
    .int(monthMessage)
    .min(1, monthMessage)
    .max(12, monthMessage),
  expYear: z.coerce
    .number({ required_error: yearMessage, invalid_type_error: yearMessage })
    .int(yearMessage)
    .min(2000, yearMessage)
    .max(2100, yearMessage),
  cvc: z
    .string({ required_error: "Enter the security code." })
    .trim()
    .regex(/^\d{3,4}$/, "Enter the 3- or 4-digit security code."),
  makeDefault: CheckedBox,
});

/** Fields of the add-card form never sent back to the page. */
export const SECRET_CARD_FIELDS = ["cardNumber", "cvc"];

const MakeDefaultSchema = z.object({ intent: z.literal("make-default"), tokenId });
const RemoveSchema = z.object({ intent: z.literal("remove"), tokenId });

/** Every post of Payment Methods, told apart by `intent`. */
export const PaymentMethodActionSchema = z.discriminatedUnion("intent", [
  AddCardSchema,
  MakeDefaultSchema,
  RemoveSchema,
]);

export type PaymentMethodIntent = z.infer<typeof PaymentMethodActionSchema>["intent"];

/** An autoship as the card rules need it. */
export interface CardAutoship {
  id: string;
  productTitle: string;
  cancelled: boolean;
  paymentTokenId: string | null;
  nextOrderDate: Date;
}

/** An autoship as the card rules read it, from a subscription as the autoship service lists it. */
export function cardAutoshipOf(subscription: Omit<CardAutoship, "productTitle"> & { product: { title: string } }) {
  const { id, cancelled, paymentTokenId, nextOrderDate } = subscription;
  return {
    id,
    productTitle: subscription.product.title,
    cancelled,
    paymentTokenId,
    nextOrderDate,
  } satisfies CardAutoship;
}

/** "Visa ending 4242, expires 12/2027": a card as a choice in a list. */
export function cardOptionLabel(card: Pick<SavedCard, "brand" | "last4" | "expMonth" | "expYear">): string {
  return `${cardLabel(card)}, expires ${cardExpiryLabel(card)}`;
}

/**
 * Why a card may not be removed, or null when it may: a card that pays for an active autoship
 * stays until that autoship is switched to another card, so no order is left without a card. A
 * cancelled autoship does not hold its card (reactivating it asks for a card again if it is gone).
 */
export function removeCardRefusal(
  card: Pick<SavedCard, "id">,
  autoships: readonly Pick<CardAutoship, "productTitle" | "cancelled" | "paymentTokenId">[],
  noun: { singular: string; plural: string } = { singular: "autoship", plural: "autoships" },
): string | null {
  const titles = autoships.filter((a) => !a.cancelled && a.paymentTokenId === card.id).map((a) => a.productTitle);
  if (titles.length === 0) return null;
  const named = titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(", ")} and ${titles[titles.length - 1]}`;
  const yours = `your ${titles.length === 1 ? noun.singular : noun.plural} of ${named}`;
  return `This card pays for ${yours}. Switch ${yours} to another card first.`;
}

/**
 * Why an autoship may not be switched to a card, or null when it may: the card must be one of
 * the customer's (`card` null when it is not, answered as not found by the service) and still
 * work on the autoship's next order date.
 */
export function changeCardRefusal(
  card: Pick<SavedCard, "brand" | "last4" | "expMonth" | "expYear">,
  nextOrderDate: Date,
): string | null {
  if (!cardExpiredBy(card, nextOrderDate)) return null;
  return `${cardLabel(card)} expires ${cardExpiryLabel(card)}, before the next order. Choose another card.`;
}

/** One expiring-card flag of a card: an active autoship it pays whose next order falls after its expiry. */
export interface CardAutoshipNotice {
  subscriptionId: string;
  productTitle: string;
  notice: string;
}

/** The flags the Payment Methods page shows under a card, one per active autoship it will fail. */
export function expiringAutoshipsOf(
  card: Pick<SavedCard, "id" | "brand" | "last4" | "expMonth" | "expYear">,
  autoships: readonly CardAutoship[],
  zone: string,
): CardAutoshipNotice[] {
  return autoships.flatMap((a) => {
    if (a.cancelled || a.paymentTokenId !== card.id) return [];
    const notice = expiringCardNotice(card, a.nextOrderDate, zone);
    return notice ? [{ subscriptionId: a.id, productTitle: a.productTitle, notice }] : [];
  });
}

/** The notice after a change of the page; `alreadySaved` is the same card added again (kept once). */
export function paymentMethodNotice(
  intent: PaymentMethodIntent,
  card: Pick<SavedCard, "brand" | "last4">,
  alreadySaved = false,
): { tone: "success"; message: string } {
  const label = cardLabel(card);
  const message = {
    "add-card": alreadySaved ? `${label} is already saved.` : `${label} was added.`,
    "make-default": `${label} is now your default card.`,
    remove: `${label} was removed.`,
  }[intent];
  return { tone: "success", message };
}

/** A saved card as the Payment Methods page lists it at `now`, with the flags of the autoships it will fail. */
export function savedCardView(card: SavedCard, autoships: readonly CardAutoship[], now: Date, zone: string) {
  return {
    id: card.id,
    label: cardLabel(card),
    expiry: cardExpiryLabel(card),
    isDefault: card.isDefault,
    expired: cardExpiredBy(card, now),
    autoships: expiringAutoshipsOf(card, autoships, zone),
  };
}

/** The add-card form's expiry choices at `now`: the months 1 to 12 (shown 01-12) and the years offered. */
export function expiryOptions(now: Date): Record<"months" | "years", { value: string; label: string }[]> {
  return {
    months: EXPIRY_MONTHS.map((m) => ({ value: String(Number(m)), label: m })),
    years: expiryYears(now).map((y) => ({ value: String(y), label: String(y) })),
  };
}
