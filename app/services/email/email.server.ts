// Email with two transports (issue 5 "Email"): the outbox, the default, keeps
// every message in the database for developers to read; SMTP (nodemailer)
// sends for real and records what it sent.
import nodemailer from "nodemailer";
import { z } from "zod";
import type { PrismaClient } from "~/generated/prisma/client";
import type { EmailInput, EmailService } from "./types";

export interface EmailSettings {
  transport: "outbox" | "smtp";
  from: string;
  smtpUrl?: string;
}

const MessageSchema = z.object({
  to: z.string().trim().email("is not an email address"),
  subject: z.string().trim().min(1).max(250),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.string().trim().email("is not an email address").optional(),
  template: z.string().max(100).optional(),
});

/** An email service over the given database and transport. */
export function createEmailService(db: PrismaClient, settings: EmailSettings): EmailService {
  const smtp =
    settings.transport === "smtp"
      ? nodemailer.createTransport(settings.smtpUrl ?? "", { connectionTimeout: 10_000, socketTimeout: 20_000 })
      : null;

  return {
    async send(input: EmailInput) {
      const { replyTo, ...message } = MessageSchema.parse(input);
      if (smtp) {
        await smtp.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          replyTo,
        });
      }
      const stored = await db.emailMessage.create({
        data: { ...message, from: settings.from, transport: settings.transport, html: message.html ?? null },
        select: { id: true },
      });
      return stored;
    },
  };
}
