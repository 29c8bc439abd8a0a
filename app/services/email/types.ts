import type { OutboxWriter } from "~/services/outbox/index.server";

/** A message to send: plain text always, HTML when there is a richer version. */
export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (e.g. the shopper who wrote to support): the Reply-To header. */
  replyTo?: string;
  /** What kind of message, e.g. "order-confirmation". */
  template?: string;
}

/** The email system as the rest of the shop sees it (docs/rules.md "Outbox"). */
export interface EmailService {
  /**
   * Writes the message and its outbox delivery with `writer`, the transaction of the
   * event that causes it (a client runs a transaction of its own); resolves with the
   * EmailMessage id. The outbox job sends it later, with retries. Throws (writing
   * nothing) when the message is malformed, e.g. `to` is not an email address.
   */
  enqueue(writer: OutboxWriter, message: EmailInput): Promise<{ id: string }>;
}
