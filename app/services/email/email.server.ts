// Email on the outbox (docs/rules.md "Outbox"): `enqueue` writes the
// message (EmailMessage) and its delivery (OutboxMessage, topic "email") with the
// caller's transaction, so an email exists exactly when the event that causes it
// does. The outbox later hands it to `createEmailDelivery`, by EMAIL_TRANSPORT:
// "smtp" sends it with nodemailer; "outbox" (development) only marks it sent, and
// developers read it on /dev/outbox.
import crypto from "node:crypto";
import nodemailer from "nodemailer";
import { z } from "zod";
import type { PrismaClient } from "~/generated/prisma/client";
import { type OutboxWriter, PermanentDeliveryError } from "~/services/outbox/index.server";
import type { EmailInput, EmailService } from "./types";

/** The outbox topic of emails. */
export const EMAIL_TOPIC = "email";

export type EmailTransport = "outbox" | "smtp";

/** What an "email" outbox message carries: the EmailMessage to send. */
export interface EmailPayload {
  emailMessageId: string;
}

const MessageSchema = z.object({
  to: z.string().trim().email("is not an email address"),
  subject: z.string().trim().min(1).max(250),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.string().trim().email("is not an email address").optional(),
  template: z.string().max(100).optional(),
});

const PayloadSchema = z.object({ emailMessageId: z.string().min(1) });

/** Writes emails to the outbox: `outbox.enqueue` is the outbox service's. */
export function createEmailService(
  outbox: { enqueue(writer: OutboxWriter, message: { topic: string; payload: EmailPayload }): Promise<{ id: string }> },
  settings: { transport: EmailTransport; from: string },
): EmailService {
  /** The message and its outbox row, both with `writer`. */
  async function write(writer: OutboxWriter, message: z.infer<typeof MessageSchema>): Promise<{ id: string }> {
    // The id is chosen here so that the outbox row can name it and the message its outbox row.
    const id = crypto.randomUUID();
    const queued = await outbox.enqueue(writer, { topic: EMAIL_TOPIC, payload: { emailMessageId: id } });
    return writer.emailMessage.create({
      data: {
        id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        replyTo: message.replyTo ?? null,
        template: message.template ?? null,
        from: settings.from,
        transport: settings.transport,
        outboxMessageId: queued.id,
      },
      select: { id: true },
    });
  }

  return {
    async enqueue(writer, input: EmailInput) {
      const message = MessageSchema.parse(input);
      // Called outside a transaction: the two rows still go together.
      if (isClient(writer)) return writer.$transaction((tx) => write(tx, message));
      return write(writer, message);
    },
  };
}

const isClient = (writer: OutboxWriter): writer is PrismaClient => "$transaction" in writer;

export interface EmailDeliverySettings {
  transport: EmailTransport;
  /** For "smtp": the server, smtp:// or smtps:// (SMTP_URL). */
  smtpUrl?: string;
  /** The host part of every Message-ID, the public origin's host name (docs/decisions.md "Outbox"). */
  messageIdHost: string;
}

/** The Message-ID of an email: one per EmailMessage, the same on every try, so receivers drop a repeat. */
export function messageIdOf(emailMessageId: string, host: string): string {
  return `<${emailMessageId}@${host}>`;
}

/** The outbox handler of the "email" topic: sends the EmailMessage the payload names. */
/** One email as the shop wrote it, with its delivery state; null when there is none (the developers' outbox page). */
export function findEmail(db: PrismaClient, id: string) {
  return db.emailMessage.findUnique({ where: { id }, include: { outboxMessage: true } });
}

export function createEmailDelivery(db: PrismaClient, settings: EmailDeliverySettings) {
  const smtp =
    settings.transport === "smtp"
      ? nodemailer.createTransport(settings.smtpUrl ?? "", {
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null;

  return async function deliverEmail({ payload }: { payload: unknown }): Promise<void> {
    const parsed = PayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentDeliveryError("The email outbox message names no email.");
    const message = await db.emailMessage.findUnique({ where: { id: parsed.data.emailMessageId } });
    if (!message) throw new PermanentDeliveryError(`Email ${parsed.data.emailMessageId} no longer exists.`);
    // The outbox transport keeps it in the database only: delivering it is marking it sent.
    if (!smtp) return;
    await smtp.sendMail({
      messageId: messageIdOf(message.id, settings.messageIdHost),
      from: message.from,
      to: message.to,
      replyTo: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
    });
  };
}
