import type { SavedCard } from "~/models/payment-cards";

export type { SavedCard } from "~/models/payment-cards";

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type DeclineCode = "invalid_card" | "expired_card" | "card_declined" | "insufficient_funds" | "token_not_found";

export type ChargeResult =
  | { ok: true; paymentId: string; tokenId: string | null; last4: string }
  | { ok: false; code: DeclineCode; message: string };

export interface ChargeInput {
  amountCents: number;
  currencyCode?: string;
  /** A new card, or a saved one by token. */
  card?: CardInput;
  tokenId?: string;
  /** Keep the card for later charges (autoship). */
  saveCard?: boolean;
  /** Owner of a saved card; a token of another customer is refused. */
  customerId?: string | null;
}

/**
 * The payment provider as checkout and the autoship engine see it
 * (docs/architecture.md "Providers"). The embedded provider takes test cards; a
 * real one plugs in here.
 */
export interface PaymentProvider {
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * Gives back part or all of a successful charge (docs/rules.md "Order lifecycle"). A retry with
   * the same idempotency key answers the first refund and gives nothing more; never more than
   * what is left of the charge.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Turns card details into a reusable token without charging (the checkout's payment step,
   * the account's payment methods); the card number goes no further than the provider. A
   * customer's first card, or one saved with `makeDefault`, becomes their default; the same
   * card (brand, last four and expiry) saved again answers the card already saved.
   */
  tokenize(input: { card: CardInput; customerId: string | null; makeDefault?: boolean }): Promise<TokenizeResult>;
  /** A customer's saved cards (docs/rules.md "Saved cards"): the default first, then the newest. */
  listCards(customerId: string): Promise<SavedCard[]>;
  /**
   * Saved cards by token, each with its owner, in one lookup (the autoship run's reminders read
   * the cards of the subscriptions they announce). Unknown tokens are left out.
   */
  cardsByIds(tokenIds: readonly string[]): Promise<(SavedCard & { customerId: string | null })[]>;
  /** Makes one of the customer's cards their default; false when it is not theirs. */
  setDefaultCard(customerId: string, tokenId: string): Promise<boolean>;
  /**
   * Removes one of the customer's cards (the next newest becomes the default when it was);
   * false when it is not theirs (or already removed).
   */
  removeCard(customerId: string, tokenId: string): Promise<boolean>;
}

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  /** The refund's own key (the shop's Refund id): a retry never refunds twice. */
  idempotencyKey: string;
}

/**
 * A refund's answer. A refusal says whether another try can succeed: `retryable` false (no
 * successful charge, or more than what is left of it) is final, and the shop fails the refund
 * (docs/rules.md "Refunds never pass what was paid"); true (the charge changed meanwhile, the
 * service is away) is tried again through the outbox.
 */
export type RefundResult = { ok: true; refundId: string } | { ok: false; message: string; retryable: boolean };

export type TokenizeResult =
  | { ok: true; tokenId: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { ok: false; code: DeclineCode; message: string };
