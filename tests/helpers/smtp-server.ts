// A real SMTP server on loopback (the `smtp-server` package), started by a test, so
// the outbox's SMTP delivery is tested over a real socket: plain, or TLS from the
// first byte with smtp-server's own self-signed certificate, and able to refuse.
import net from "node:net";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { PrismaClient } from "~/generated/prisma/client";
import { createEmailDelivery } from "~/services/email/email.server";
import { createOutbox, type Outbox } from "~/services/outbox/index.server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as received: headers, a blank line, the body. */
  raw: string;
}

export interface SmtpServerOptions {
  /** A port to listen on (e.g. one a test used while the server was down); default any free port. */
  port?: number;
  /** TLS from the first byte (smtps://), with smtp-server's built-in self-signed certificate. */
  secure?: boolean;
  /** Answer this reply to every RCPT TO or to the end of DATA, e.g. 550. */
  refuse?: { at: "rcpt" | "data"; code: number; message?: string };
}

export interface TestSmtpServer {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** Bounded in time: a server a test forgot to close stops by itself after this long. */
const LIFETIME_MS = 60_000;

const refusal = (code: number, message = "Refused by the test server") =>
  Object.assign(new Error(message), { responseCode: code });

/** Starts an SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    // No STARTTLS on the plain server (its certificate is self-signed) and no sign-in.
    disabledCommands: options.secure ? ["AUTH"] : ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onRcptTo(_address, _session, callback) {
      if (options.refuse?.at === "rcpt") return callback(refusal(options.refuse.code, options.refuse.message));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse?.at === "data") return callback(refusal(options.refuse.code, options.refuse.message));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.on("error", () => {
    // A client that hangs up mid-handshake (the TLS test) is not the test's failure.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));
  setTimeout(() => void close(), LIFETIME_MS).unref();
  return { port, mails, close };
}

/** A loopback port nothing listens on right now (SMTP "down"); a server may start on it later. */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A header of a received message (folded lines joined), or undefined. */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** An outbox over `db` whose "email" handler sends through `smtpUrl`: a runner as the outbox job builds it. */
export function smtpOutbox(db: PrismaClient, smtpUrl: string, maxTries = 8): Outbox {
  const outbox = createOutbox(db, { maxTries });
  outbox.register("email", createEmailDelivery(db, { transport: "smtp", smtpUrl, messageIdHost: "shop.example.com" }));
  return outbox;
}
