// The outbox's delivery rules (docs/rules.md "Outbox"): when a message that could
// not be delivered is tried again, how many tries it gets, and which errors are
// worth another try. Pure: the outbox service applies them.

/** The wait after the first failed try; each later failure doubles it. */
export const OUTBOX_FIRST_RETRY_MS = 30_000;
/** The longest wait between two tries. */
export const OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/** Tries before a message is given up on (OUTBOX_MAX_TRIES overrides it). */
export const DEFAULT_OUTBOX_MAX_TRIES = 8;
/**
 * How long a claim on a message lasts: longer than any delivery takes (SMTP times out
 * after 10 s to connect and 20 s of silence), so a message is taken again only when the
 * process that claimed it stopped (crashed, killed) before recording the outcome.
 */
export const OUTBOX_CLAIM_MS = 2 * 60_000;

/** How long to wait after the `tries`-th failed try (1 = the first): 30 s, 1 min, 2 min, … at most 1 h. */
export function retryDelayMs(tries: number): number {
  const exponent = Math.max(0, Math.floor(tries) - 1);
  // 2^7 × 30 s already passes the cap; stop there so the power never overflows.
  return Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.min(exponent, 20));
}

export type DeliveryErrorKind = "permanent" | "transient";

/** What a delivery error says about itself (nodemailer's fields, or a handler's own flag). */
export interface DeliveryErrorFacts {
  /** The SMTP reply code, when the server answered (e.g. 550). */
  responseCode?: unknown;
  /** nodemailer's error code: ECONNECTION, ETIMEDOUT, ESOCKET, ETLS, EAUTH, EENVELOPE, EMESSAGE, … */
  code?: unknown;
  /** Set by a handler that knows another try cannot help (e.g. the message's content is gone). */
  permanent?: unknown;
}

/**
 * Permanent when another try cannot help: the SMTP server refused this message with a
 * 5xx reply (e.g. 550 "no such user" to RCPT or DATA), or a handler said so. Everything
 * else is transient: no connection, timeouts, TLS and certificate errors, 4xx replies
 * ("try later"), and a refused sign-in (EAUTH: the shop's settings, fixed by the operator,
 * not a fault of the message).
 */
export function classifyDeliveryError(error: unknown): DeliveryErrorKind {
  if (!error || typeof error !== "object") return "transient";
  const facts = error as DeliveryErrorFacts;
  if (facts.permanent === true) return "permanent";
  if (facts.code === "EAUTH") return "transient";
  const reply = Number(facts.responseCode);
  return Number.isInteger(reply) && reply >= 500 && reply < 600 ? "permanent" : "transient";
}

export type FailureOutcome = { status: "failed" } | { status: "queued"; nextAttemptAt: Date };

/**
 * What becomes of a message whose try number `tries` (counting this one) failed:
 * failed for a permanent error or on the last allowed try, else queued again after the backoff.
 */
export function afterFailedTry(input: {
  tries: number;
  maxTries: number;
  kind: DeliveryErrorKind;
  now: Date;
}): FailureOutcome {
  if (input.kind === "permanent" || input.tries >= input.maxTries) return { status: "failed" };
  return { status: "queued", nextAttemptAt: new Date(input.now.getTime() + retryDelayMs(input.tries)) };
}

/** The last error as stored and shown: one line, at most 500 characters. */
export function describeDeliveryError(error: unknown): string {
  const facts = (error && typeof error === "object" ? error : {}) as DeliveryErrorFacts & { message?: unknown };
  const message = typeof facts.message === "string" ? facts.message : String(error);
  const code = typeof facts.code === "string" && !message.includes(facts.code) ? `${facts.code}: ` : "";
  return `${code}${message}`.replace(/\s+/g, " ").trim().slice(0, 500);
}

/** A message still to go: waiting for its turn or being sent now (sent and failed are done). */
export const OUTBOX_PENDING_STATUSES = ["queued", "sending"] as const;

/**
 * The backlog age a scrape reports (docs/rules.md "Metrics cover every worker"): whole seconds
 * since the oldest pending message was written, 0 when none is pending (never negative, even
 * when another host's clock wrote it a little ahead).
 */
export function backlogAgeSeconds(oldestCreatedAt: Date | null, now: Date): number {
  if (!oldestCreatedAt) return 0;
  return Math.max(0, Math.floor((now.getTime() - oldestCreatedAt.getTime()) / 1000));
}
