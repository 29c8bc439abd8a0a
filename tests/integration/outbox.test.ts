// The outbox service (docs/rules.md "Outbox"): claims are atomic so a message is
// delivered once however many runners call deliverDue; a claim left by a crashed
// runner lapses and the message is taken again; tries are bounded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { OUTBOX_CLAIM_MS } from "~/models/outbox";
import { createEmailService } from "~/services/email/email.server";
import { createOutbox, PermanentDeliveryError, type OutboxDelivery } from "~/services/outbox/outbox.server";
import { createTestDatabase } from "../helpers/db";
import { headerOf, smtpOutbox, startSmtpServer, unusedPort } from "../helpers/smtp-server";

let db: PrismaClient;
let url: string;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
});

afterAll(async () => {
  await db.$disconnect();
});

const HOST = "shop.example.com";
const from = "Shop <orders@example.com>";
const newAddress = () => `outbox-${crypto.randomUUID()}@example.com`;
const rowOf = (id: string) => db.outboxMessage.findUniqueOrThrow({ where: { id } });

describe("never twice (docs/rules.md 'Outbox')", () => {
  it("two runners calling deliverDue at once (two database connections) deliver each message once", async () => {
    const smtp = await startSmtpServer();
    const other = createPrismaClient(url);
    try {
      const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      const first = smtpOutbox(db, smtpUrl);
      const second = smtpOutbox(other, smtpUrl);
      const email = createEmailService(first, { transport: "smtp", from });
      const to = newAddress();
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) ids.push((await email.enqueue(db, { to, subject: `Message ${i}`, text: "Hi" })).id);

      const [a, b] = await Promise.all([first.deliverDue(), second.deliverDue()]);
      expect(a.delivered + b.delivered).toBe(8);
      const received = smtp.mails.filter((m) => m.to.includes(to)).map((m) => headerOf(m, "Message-ID"));
      expect(received).toHaveLength(8);
      expect(new Set(received)).toEqual(new Set(ids.map((id) => `<${id}@${HOST}>`)));
      const rows = await db.outboxMessage.findMany({ where: { email: { to } } });
      expect(rows.map((r) => [r.status, r.tries])).toEqual(Array(8).fill(["sent", 1]));
    } finally {
      await other.$disconnect();
      await smtp.close();
    }
  });

  it("leaves a message another runner is sending alone until its claim lapses, then takes it again", async () => {
    const outbox = createOutbox(db, { maxTries: 8 });
    const handled: OutboxDelivery[] = [];
    outbox.register("crash-test", async (delivery) => {
      handled.push(delivery);
    });
    const at = new Date();
    const { id } = await outbox.enqueue(db, { topic: "crash-test", payload: { n: 1 } });
    // A runner claimed it and crashed before recording the outcome.
    await db.outboxMessage.update({
      where: { id },
      data: { status: "sending", tries: 1, claimedUntil: new Date(at.getTime() + OUTBOX_CLAIM_MS) },
    });
    await outbox.deliverDue({ now: new Date(at.getTime() + OUTBOX_CLAIM_MS - 1) });
    expect(handled).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "sending", tries: 1 });

    await outbox.deliverDue({ now: new Date(at.getTime() + OUTBOX_CLAIM_MS) });
    expect(handled).toEqual([{ id, topic: "crash-test", payload: { n: 1 }, tries: 2 }]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", tries: 2, claimedUntil: null });
  });

  it("delivers only topics with a handler, and refuses a second handler for a topic", async () => {
    const outbox = createOutbox(db, { maxTries: 8 });
    outbox.register("known", async () => {});
    expect(() => outbox.register("known", async () => {})).toThrow(/already has a handler/);
    const { id } = await outbox.enqueue(db, { topic: "nobody-handles-this", payload: {} });
    await outbox.deliverDue();
    expect(await rowOf(id)).toMatchObject({ status: "queued", tries: 0 });
  });
});

describe("the backlog (the metrics scrape's shop_outbox_backlog_* gauges)", () => {
  it("counts queued and sending messages, not sent or failed ones, and the oldest one's age", async () => {
    const at = new Date();
    const outbox = createOutbox(db, { maxTries: 8, now: () => at });
    const before = await outbox.backlog();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await outbox.enqueue(db, { topic: "backlog-test", payload: { i } })).id);
    // Older than any other message of this database: written an hour before the clock.
    await db.outboxMessage.update({ where: { id: ids[0] }, data: { createdAt: new Date(at.getTime() - 3_600_000) } });
    await db.outboxMessage.update({ where: { id: ids[1] }, data: { status: "sending", claimedUntil: at } });
    await db.outboxMessage.update({ where: { id: ids[2] }, data: { status: "sent", sentAt: at } });
    await db.outboxMessage.update({ where: { id: ids[3] }, data: { status: "failed" } });
    expect(await outbox.backlog()).toEqual({ pending: before.pending + 2, oldestAgeSeconds: 3600 });
    await db.outboxMessage.update({ where: { id: ids[0] }, data: { status: "sent", sentAt: at } });
    const after = await outbox.backlog();
    expect(after.pending).toBe(before.pending + 1);
    expect(after.oldestAgeSeconds).toBeLessThan(3600);
  });
});

describe("bounded tries (OUTBOX_MAX_TRIES)", () => {
  it("with SMTP down, retries with the backoff and marks the message failed when the last try fails", async () => {
    const outbox = smtpOutbox(db, `smtp://127.0.0.1:${await unusedPort()}`, 3);
    const email = createEmailService(outbox, { transport: "smtp", from });
    const { id: emailId } = await email.enqueue(db, { to: newAddress(), subject: "Hello", text: "Hi" });
    const { outboxMessageId: id } = await db.emailMessage.findUniqueOrThrow({ where: { id: emailId } });
    const t0 = new Date();
    const at = (ms: number) => new Date(t0.getTime() + ms);

    await outbox.deliverDue({ now: t0 });
    expect(await rowOf(id!)).toMatchObject({ status: "queued", tries: 1, nextAttemptAt: at(30_000) });
    // Not due before the backoff ends.
    await outbox.deliverDue({ now: at(29_999) });
    expect(await rowOf(id!)).toMatchObject({ tries: 1 });

    // The try before the last: queued again, twice the wait.
    await outbox.deliverDue({ now: at(30_000) });
    expect(await rowOf(id!)).toMatchObject({ status: "queued", tries: 2, nextAttemptAt: at(90_000) });

    // The last try: failed, with the last error.
    const summary = await outbox.deliverDue({ now: at(90_000) });
    expect(summary).toMatchObject({ failed: 1 });
    const failed = await rowOf(id!);
    expect(failed).toMatchObject({ status: "failed", tries: 3, sentAt: null, claimedUntil: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);

    await outbox.deliverDue({ now: at(86_400_000) });
    expect(await rowOf(id!)).toMatchObject({ status: "failed", tries: 3 });
  });

  it("gives up at once when a handler says another try cannot help", async () => {
    const outbox = createOutbox(db, { maxTries: 8 });
    outbox.register("gone", async () => {
      throw new PermanentDeliveryError("The content is gone.");
    });
    const { id } = await outbox.enqueue(db, { topic: "gone", payload: {} });
    expect(await outbox.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "failed", tries: 1, lastError: "The content is gone." });
  });
});
