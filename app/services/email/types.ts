/** A message to send: plain text always, HTML when there is a richer version (issue 5 "Email"). */
export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of message, e.g. "order-confirmation". */
  template?: string;
}

/** The email system as the rest of the shop sees it. */
export interface EmailService {
  /** Sends (or, with the outbox, stores) a message; resolves with its id. */
  send(message: EmailInput): Promise<{ id: string }>;
}
