import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createEmailService } from "~/services/email/email.server";
import { createTestDatabase } from "../helpers/db";
import { startFakeSmtp } from "../helpers/fake-smtp";

let db: PrismaClient;

beforeAll(() => {
  db = createTestDatabase().db;
});

afterAll(async () => {
  await db.$disconnect();
});

const message = {
  to: "shopper@example.com",
  subject: "Your order 1001",
  text: "Thanks for your order.",
  html: "<p>Thanks for your order.</p>",
  template: "order-confirmation",
};

describe("email service (issue 5 'Email')", () => {
  it("keeps every message in the outbox by default, with text and HTML bodies", async () => {
    const email = createEmailService(db, { transport: "outbox", from: "Shop <orders@example.com>" });
    const { id } = await email.send(message);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      ...message,
      from: "Shop <orders@example.com>",
      transport: "outbox",
    });
  });

  it("sends through SMTP when configured, and records what it sent", async () => {
    const smtp = await startFakeSmtp();
    try {
      const email = createEmailService(db, {
        transport: "smtp",
        from: "Shop <orders@example.com>",
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      });
      const { id } = await email.send(message);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].to).toEqual(["<shopper@example.com>"]);
      expect(smtp.mails[0].data).toContain("Subject: Your order 1001");
      expect(smtp.mails[0].data).toContain("Thanks for your order.");
      expect((await db.emailMessage.findUniqueOrThrow({ where: { id } })).transport).toBe("smtp");
    } finally {
      await smtp.close();
    }
  });

  it("refuses a message to something that is not an email address, and stores nothing", async () => {
    const email = createEmailService(db, { transport: "outbox", from: "Shop <orders@example.com>" });
    const before = await db.emailMessage.count();
    await expect(email.send({ ...message, to: "not-an-address" })).rejects.toThrow();
    expect(await db.emailMessage.count()).toBe(before);
  });
});
