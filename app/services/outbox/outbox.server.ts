// The transactional outbox (docs/rules.md "Outbox"): a message that leaves the
// process (an email, a report to an outside service) is written to the database
// in the same transaction as the event that causes it, and delivered later by
// `deliverDue`, which the job runner calls. A message is handed to its topic's
// handler only after this process claimed it with one atomic update, so two
// runners never deliver it at once; a claim left by a crashed process lapses and
// the message is taken again (handlers make that safe: the email Message-ID is
// stable, docs/decisions.md "Outbox").
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import {
  afterFailedTry,
  backlogAgeSeconds,
  classifyDeliveryError,
  describeDeliveryError,
  OUTBOX_CLAIM_MS,
  OUTBOX_PENDING_STATUSES,
  type DeliveryErrorKind,
} from "~/models/outbox";
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus } from "~/models/admin-outbox";
import type { AuditActor } from "~/models/audit";
import { ServiceError } from "~/models/service-error";
import { recordAudit } from "~/services/audit/index.server";
import { logger, metrics } from "~/services/observability/index.server";

export { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus };

/** A message as the back office lists it; an email shows its subject and recipient. */
export interface OutboxMessageView {
  id: string;
  topic: string;
  status: string;
  tries: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  email: { id: string; to: string; subject: string } | null;
}

/** A refused retry (not failed, or not found); nothing was changed. A `ServiceError`, so the page answers its status. */
export class OutboxRetryError extends ServiceError<"NOT_FOUND" | "NOT_FAILED"> {
  constructor(message: string, status: 404 | 409) {
    super(status === 404 ? "NOT_FOUND" : "NOT_FAILED", message, status);
    this.name = "OutboxRetryError";
  }
}

/** The database client or the transaction client the message is written with. */
export type OutboxWriter = PrismaClient | Prisma.TransactionClient;

/** The message as its handler sees it. */
export interface OutboxDelivery<Payload = unknown> {
  id: string;
  topic: string;
  payload: Payload;
  /** This try's number, counting it (1 = the first). */
  tries: number;
}

/**
 * Delivers one message. Resolving means delivered. Throwing means not delivered:
 * the error is classified by `classifyDeliveryError` (an SMTP 5xx reply, or an
 * error with `permanent: true`, is given up on; anything else is tried again).
 */
export type OutboxHandler<Payload = unknown> = (delivery: OutboxDelivery<Payload>) => Promise<void>;

export interface OutboxSettings {
  /** Tries before a message is marked failed (OUTBOX_MAX_TRIES). */
  maxTries: number;
  /** How long a claim lasts (default OUTBOX_CLAIM_MS). */
  claimMs?: number;
  /** Messages claimed per query (default 20). */
  batchSize?: number;
  /** At most this many messages per `deliverDue` call (default 200), so one call stays short. */
  maxPerRun?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** What one `deliverDue` call did. */
export interface OutboxSummary {
  delivered: number;
  retried: number;
  failed: number;
}

/** An error that another try cannot fix (a handler throws it, e.g. when the message's content is gone). */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = "PermanentDeliveryError";
  }
}

/** What is still to be delivered (docs/operations.md "Metrics": the backlog gauges). */
export interface OutboxBacklog {
  /** Messages queued or being sent. */
  pending: number;
  /** Seconds since the oldest of them was written; 0 when none. */
  oldestAgeSeconds: number;
}

/** A message is due when queued and its time has come, or when its claim lapsed while sending. */
function dueWhere(at: Date, topics: string[]): Prisma.OutboxMessageWhereInput {
  return {
    topic: { in: topics },
    OR: [
      { status: "queued", nextAttemptAt: { lte: at } },
      { status: "sending", claimedUntil: { lte: at } },
    ],
  };
}

export function createOutbox(db: PrismaClient, settings: OutboxSettings) {
  const handlers = new Map<string, OutboxHandler>();
  const clock = settings.now ?? (() => new Date());
  const claimMs = settings.claimMs ?? OUTBOX_CLAIM_MS;
  const batchSize = settings.batchSize ?? 20;
  const maxPerRun = settings.maxPerRun ?? 200;

  /** Claims one message for this call; the claim's end, or null when another runner has it. */
  async function claim(id: string, at: Date, topics: string[]): Promise<Date | null> {
    const claimedUntil = new Date(at.getTime() + claimMs);
    const taken = await db.outboxMessage.updateMany({
      where: { id, ...dueWhere(at, topics) },
      data: { status: "sending", claimedUntil, tries: { increment: 1 } },
    });
    return taken.count === 1 ? claimedUntil : null;
  }

  /** Records an outcome, only while the claim is still ours (a lapsed claim may belong to another runner now). */
  async function settle(id: string, claimedUntil: Date, data: Prisma.OutboxMessageUpdateManyMutationInput) {
    const updated = await db.outboxMessage.updateMany({ where: { id, status: "sending", claimedUntil }, data });
    return updated.count === 1;
  }

  async function deliverOne(id: string, at: Date, topics: string[], summary: OutboxSummary): Promise<void> {
    const claimedUntil = await claim(id, at, topics);
    if (!claimedUntil) return;
    const message = await db.outboxMessage.findUniqueOrThrow({
      where: { id },
      select: { topic: true, payload: true, tries: true },
    });
    const log = logger().child({ outboxId: id, topic: message.topic, tries: message.tries });
    const handler = handlers.get(message.topic)!;
    let error: unknown = null;
    try {
      let payload: unknown;
      try {
        payload = JSON.parse(message.payload);
      } catch {
        throw new PermanentDeliveryError("The message's payload is not JSON.");
      }
      await handler({ id, topic: message.topic, payload, tries: message.tries });
    } catch (caught) {
      error = caught ?? new Error("delivery failed");
    }

    if (error === null) {
      if (await settle(id, claimedUntil, { status: "sent", sentAt: at, claimedUntil: null, lastError: null })) {
        summary.delivered++;
        metrics.outboxDelivered.inc({ topic: message.topic });
        log.info("outbox: delivered");
      }
      return;
    }

    const kind: DeliveryErrorKind = classifyDeliveryError(error);
    const lastError = describeDeliveryError(error);
    const outcome = afterFailedTry({ tries: message.tries, maxTries: settings.maxTries, kind, now: at });
    if (outcome.status === "failed") {
      if (await settle(id, claimedUntil, { status: "failed", claimedUntil: null, lastError })) {
        summary.failed++;
        metrics.outboxFailed.inc({ topic: message.topic });
        log.error({ err: error, kind }, "outbox: given up, marked failed");
      }
      return;
    }
    if (
      await settle(id, claimedUntil, {
        status: "queued",
        claimedUntil: null,
        nextAttemptAt: outcome.nextAttemptAt,
        lastError,
      })
    ) {
      summary.retried++;
      metrics.outboxRetried.inc({ topic: message.topic });
      log.warn({ err: error, nextAttemptAt: outcome.nextAttemptAt.toISOString() }, "outbox: not delivered, will retry");
    }
  }

  return {
    /** The back office's list (docs/rules.md "Back office: outbox"): newest first, by status and topic. */
    async list(filter: { status?: OutboxStatus; topic?: string; page: number }): Promise<{
      messages: OutboxMessageView[];
      total: number;
      page: number;
      counts: Record<OutboxStatus, number>;
      topics: string[];
    }> {
      const where: Prisma.OutboxMessageWhereInput = {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.topic ? { topic: filter.topic } : {}),
      };
      const [rows, total, groups, topicRows] = await Promise.all([
        db.outboxMessage.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip: (filter.page - 1) * OUTBOX_PAGE_SIZE,
          take: OUTBOX_PAGE_SIZE,
          include: { email: { select: { id: true, to: true, subject: true } } },
        }),
        db.outboxMessage.count({ where }),
        db.outboxMessage.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
        db.outboxMessage.findMany({ distinct: ["topic"], select: { topic: true }, orderBy: { topic: "asc" } }),
      ]);
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
      for (const group of groups) {
        if ((OUTBOX_STATUSES as readonly string[]).includes(group.status)) {
          counts[group.status as OutboxStatus] = group._count._all;
        }
      }
      return {
        total,
        page: filter.page,
        counts,
        topics: topicRows.map((t) => t.topic),
        messages: rows.map((row) => ({
          id: row.id,
          topic: row.topic,
          status: row.status,
          tries: row.tries,
          lastError: row.lastError,
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
          email: row.email ? { id: row.email.id, to: row.email.to, subject: row.email.subject } : null,
        })),
      };
    },

    /**
     * An operator retries a failed message (docs/rules.md "Back office: outbox"): it is queued
     * again, due now, with its tries reset to 0 so it gets the full schedule of tries again
     * (docs/decisions.md "Back office: operations"); its last error stays until the next try.
     * Only a failed message: a queued, sending or sent one is refused (409). Audited in the
     * same transaction; the update is conditional on "failed", so two retries count once.
     */
    async retry(id: string, actor: AuditActor): Promise<void> {
      await db.$transaction(async (tx) => {
        const row = await tx.outboxMessage.findUnique({
          where: { id },
          select: { id: true, topic: true, status: true, tries: true, email: { select: { subject: true } } },
        });
        if (!row) throw new OutboxRetryError("We could not find that message.", 404);
        if (row.status !== "failed") {
          throw new OutboxRetryError(`Only a failed message can be retried; this one is ${row.status}.`, 409);
        }
        const at = clock();
        const updated = await tx.outboxMessage.updateMany({
          where: { id, status: "failed" },
          data: { status: "queued", tries: 0, nextAttemptAt: at, claimedUntil: null },
        });
        if (updated.count !== 1) throw new OutboxRetryError("This message changed meanwhile; reload the page.", 409);
        await recordAudit(tx, actor, {
          action: "outbox.retry",
          subjectType: "outbox",
          subjectId: id,
          subjectLabel: row.email ? `Email "${row.email.subject}"` : `${row.topic} message`,
          before: { status: "failed", tries: row.tries },
          after: { status: "queued", tries: 0 },
        });
      });
    },

    /**
     * The backlog, for the metrics scrape: one query (a count and the oldest creation time
     * of the pending messages, which the (status, nextAttemptAt) index narrows to the few
     * not yet sent).
     */
    async backlog(): Promise<OutboxBacklog> {
      const found = await db.outboxMessage.aggregate({
        where: { status: { in: [...OUTBOX_PENDING_STATUSES] } },
        _count: { _all: true },
        _min: { createdAt: true },
      });
      return { pending: found._count._all, oldestAgeSeconds: backlogAgeSeconds(found._min.createdAt, clock()) };
    },

    /**
     * Handles a topic's messages from now on (one handler per topic). Only topics with a
     * handler are delivered, so a process without one leaves those messages queued.
     */
    register<Payload>(topic: string, handler: OutboxHandler<Payload>): void {
      if (handlers.has(topic)) throw new Error(`The outbox already has a handler for "${topic}".`);
      handlers.set(topic, handler as OutboxHandler);
    },

    /** The topics with a handler. */
    topics(): string[] {
      return [...handlers.keys()];
    },

    /**
     * Writes a message with `writer`: pass the transaction client of the event that
     * causes it, so that both are kept or neither is.
     */
    async enqueue(writer: OutboxWriter, message: { topic: string; payload: unknown }): Promise<{ id: string }> {
      const row = await writer.outboxMessage.create({
        data: { topic: message.topic, payload: JSON.stringify(message.payload ?? null), nextAttemptAt: clock() },
        select: { id: true },
      });
      metrics.outboxQueued.inc({ topic: message.topic });
      return row;
    },

    /**
     * Delivers the messages that are due, oldest first, one at a time: each is claimed
     * (status sending, claimed for OUTBOX_CLAIM_MS, tries + 1) before its handler runs,
     * then marked sent, queued again after the backoff, or failed. Safe to call from
     * several processes at once: a message is claimed by one of them only.
     */
    async deliverDue(options: { now?: Date } = {}): Promise<OutboxSummary> {
      const summary: OutboxSummary = { delivered: 0, retried: 0, failed: 0 };
      const topics = [...handlers.keys()];
      if (topics.length === 0) return summary;
      const at = options.now ?? clock();
      const seen = new Set<string>();
      while (seen.size < maxPerRun) {
        const due = await db.outboxMessage.findMany({
          where: { ...dueWhere(at, topics), id: { notIn: [...seen] } },
          orderBy: [{ nextAttemptAt: "asc" }, { createdAt: "asc" }],
          take: Math.min(batchSize, maxPerRun - seen.size),
          select: { id: true },
        });
        if (due.length === 0) break;
        for (const { id } of due) {
          seen.add(id);
          await deliverOne(id, at, topics, summary);
        }
      }
      if (summary.delivered + summary.retried + summary.failed > 0) logger().info({ ...summary }, "outbox: run");
      return summary;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
