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
  /** Gives a successful charge back in full. */
  refund(paymentId: string): Promise<void>;
  /**
   * Turns card details into a reusable token without charging (the checkout's
   * payment step); the card number goes no further than the provider.
   */
  tokenize(input: { card: CardInput; customerId: string | null }): Promise<TokenizeResult>;
}

export type TokenizeResult =
  | { ok: true; tokenId: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { ok: false; code: DeclineCode; message: string };
