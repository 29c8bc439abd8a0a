/** A message to send: plain text always, HTML when there is a richer version (issue 5 "Email"). */
export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Where replies go (e.g. the shopper who wrote to support). Sent with SMTP; the
   * outbox table has no column for it, so a message that needs it also says it in its body.
   */
  replyTo?: string;
  /** What kind of message, e.g. "order-confirmation". */
  template?: string;
}

/** The email system as the rest of the shop sees it. */
export interface EmailService {
  /** Sends (or, with the outbox, stores) a message; resolves with its id. */
  send(message: EmailInput): Promise<{ id: string }>;
}
