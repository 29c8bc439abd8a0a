// Email on the outbox (docs/rules.md "Outbox"), against a real SMTP server on
// loopback: a message is written with its cause's transaction, then delivered by
// the outbox with Reply-To and a stable Message-ID; a TLS failure is retried, a
// permanent refusal is given up on with its error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createEmailDelivery, createEmailService, type EmailTransport } from "~/services/email/email.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { createTestDatabase } from "../helpers/db";
import { headerOf, startSmtpServer, unusedPort } from "../helpers/smtp-server";

let db: PrismaClient;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

afterAll(async () => {
  await db.$disconnect();
});

const HOST = "shop.example.com";
const message = (to = `shopper-${crypto.randomUUID()}@example.com`) => ({
  to,
  subject: "Your order 1001",
  text: "Thanks for your order.",
  html: "<p>Thanks for your order.</p>",
  replyTo: "help@example.com",
  template: "order-confirmation",
});

/** An outbox and email service on the test database, delivering with `transport`. */
function mailer(transport: EmailTransport, smtpUrl?: string) {
  const outbox = createOutbox(db, { maxTries: 8 });
  outbox.register("email", createEmailDelivery(db, { transport, smtpUrl, messageIdHost: HOST }));
  const email = createEmailService(outbox, { transport, from: "Shop <orders@example.com>" });
  return { outbox, email };
}

const outboxRowOf = async (emailMessageId: string) =>
  (await db.emailMessage.findUniqueOrThrow({ where: { id: emailMessageId }, include: { outboxMessage: true } }))
    .outboxMessage!;

describe("enqueueing an email (docs/rules.md 'Outbox')", () => {
  it("writes the message and a queued outbox row that names it, and sends nothing yet", async () => {
    const { email } = mailer("outbox");
    const input = message();
    const { id } = await email.enqueue(db, input);
    const stored = await db.emailMessage.findUniqueOrThrow({ where: { id }, include: { outboxMessage: true } });
    expect(stored).toMatchObject({ ...input, from: "Shop <orders@example.com>", transport: "outbox" });
    expect(stored.outboxMessage).toMatchObject({ topic: "email", status: "queued", tries: 0, sentAt: null });
    expect(JSON.parse(stored.outboxMessage!.payload)).toEqual({ emailMessageId: id });
  });

  it("keeps nothing when the transaction it was written in rolls back", async () => {
    const { email } = mailer("outbox");
    const input = message();
    await expect(
      db.$transaction(async (tx) => {
        await email.enqueue(tx, input);
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await db.emailMessage.count({ where: { to: input.to } })).toBe(0);
    expect(await db.outboxMessage.count({ where: { payload: { contains: input.to } } })).toBe(0);
  });

  it("refuses a message to something that is not an email address, and stores nothing", async () => {
    const { email } = mailer("outbox");
    const [emails, queued] = [await db.emailMessage.count(), await db.outboxMessage.count()];
    await expect(email.enqueue(db, { ...message(), to: "not-an-address" })).rejects.toThrow();
    expect(await db.emailMessage.count()).toBe(emails);
    expect(await db.outboxMessage.count()).toBe(queued);
  });

  it("with the outbox transport (development), delivering only marks it sent", async () => {
    const { email, outbox } = mailer("outbox");
    const { id } = await email.enqueue(db, message());
    const summary = await outbox.deliverDue();
    expect(summary.delivered).toBeGreaterThanOrEqual(1);
    expect(await outboxRowOf(id)).toMatchObject({ status: "sent", tries: 1, lastError: null });
  });
});

describe("delivering email over SMTP (a real server on loopback)", () => {
  it("sends it with its subject, Reply-To and a Message-ID made of its id; the row is sent after one try", async () => {
    const smtp = await startSmtpServer();
    try {
      const { email, outbox } = mailer("smtp", `smtp://127.0.0.1:${smtp.port}`);
      const input = message();
      const { id } = await email.enqueue(db, input);
      await outbox.deliverDue();
      const mails = smtp.mails.filter((m) => m.to.includes(input.to));
      expect(mails).toHaveLength(1);
      expect(mails[0].from).toBe("orders@example.com");
      expect(headerOf(mails[0], "Subject")).toBe("Your order 1001");
      expect(headerOf(mails[0], "Reply-To")).toBe("help@example.com");
      expect(headerOf(mails[0], "Message-ID")).toBe(`<${id}@${HOST}>`);
      expect(mails[0].raw).toContain("Thanks for your order.");
      expect(await outboxRowOf(id)).toMatchObject({
        status: "sent",
        tries: 1,
        lastError: null,
        sentAt: expect.any(Date),
      });
      // Sent is final: a later run sends nothing again.
      await outbox.deliverDue({ now: new Date(Date.now() + 86_400_000) });
      expect(smtp.mails.filter((m) => m.to.includes(input.to))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("a TLS failure (a self-signed certificate on smtps://) is transient: retried later, not lost", async () => {
    const smtp = await startSmtpServer({ secure: true });
    try {
      const { email, outbox } = mailer("smtp", `smtps://127.0.0.1:${smtp.port}`);
      const { id } = await email.enqueue(db, message());
      const at = new Date();
      await outbox.deliverDue({ now: at });
      const row = await outboxRowOf(id);
      expect(row).toMatchObject({ status: "queued", tries: 1, sentAt: null });
      expect(row.lastError).toMatch(/certificate/i);
      expect(row.nextAttemptAt.getTime()).toBe(at.getTime() + 30_000);
      expect(smtp.mails).toHaveLength(0);

      // Tried again once due, still refused by the certificate check, still kept.
      await outbox.deliverDue({ now: new Date(at.getTime() + 30_000) });
      expect(await outboxRowOf(id)).toMatchObject({ status: "queued", tries: 2 });
    } finally {
      await smtp.close();
    }
  });

  it.each([
    ["RCPT TO", "rcpt", 550],
    ["the end of DATA", "data", 554],
  ] as const)(
    "a permanent refusal (%s answered %i) marks it failed with the error, never retried",
    async (_, at, code) => {
      const smtp = await startSmtpServer({ refuse: { at, code, message: "No such mailbox here" } });
      try {
        const { email, outbox } = mailer("smtp", `smtp://127.0.0.1:${smtp.port}`);
        const { id } = await email.enqueue(db, message());
        const summary = await outbox.deliverDue();
        expect(summary.failed).toBeGreaterThanOrEqual(1);
        const row = await outboxRowOf(id);
        expect(row).toMatchObject({ status: "failed", tries: 1, sentAt: null });
        expect(row.lastError).toContain(String(code));
        expect(row.lastError).toContain("No such mailbox here");

        await outbox.deliverDue({ now: new Date(Date.now() + 86_400_000) });
        expect(await outboxRowOf(id)).toMatchObject({ status: "failed", tries: 1 });
        expect(smtp.mails).toHaveLength(0);
      } finally {
        await smtp.close();
      }
    },
  );

  it("SMTP down, then up on the same port: queued with the error, then sent exactly once", async () => {
    const port = await unusedPort();
    const { email, outbox } = mailer("smtp", `smtp://127.0.0.1:${port}`);
    const input = message();
    const { id } = await email.enqueue(db, input);
    const at = new Date();
    await outbox.deliverDue({ now: at });
    const down = await outboxRowOf(id);
    expect(down).toMatchObject({ status: "queued", tries: 1 });
    expect(down.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer({ port });
    try {
      // Not due yet (backoff): nothing is sent.
      await outbox.deliverDue({ now: new Date(at.getTime() + 10_000) });
      expect(smtp.mails).toHaveLength(0);
      await outbox.deliverDue({ now: new Date(at.getTime() + 30_000) });
      await outbox.deliverDue({ now: new Date(at.getTime() + 3_600_000) });
      expect(smtp.mails.filter((m) => m.to.includes(input.to))).toHaveLength(1);
      expect(await outboxRowOf(id)).toMatchObject({ status: "sent", tries: 2, lastError: null });
    } finally {
      await smtp.close();
    }
  });
});
