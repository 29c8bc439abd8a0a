// The contact form (shop-core spec sections 2 and 7, /contact-us and
// /api/send-contact-us; docs/architecture.md "Forms and the JSON API"): the service, the page's
// loader and action posted as a browser without JavaScript does, and the JSON API.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { rateLimitSettings, siteSettings } from "~/env.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { CONTACT_SENT_MESSAGE, contactTopics } from "~/models/contact";
import * as api from "~/routes/api.send-contact-us";
import * as page from "~/routes/contact-us";
import { createContactService } from "~/services/contact/contact.server";
import { contactPageOf } from "~/services/contact/index.server";
import { content } from "~/services/content/index.server";
import { createEmailDelivery, createEmailService } from "~/services/email/email.server";
import { identity } from "~/services/identity/index.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { createTestDatabase } from "../helpers/db";
import { headerOf, startSmtpServer, unusedPort } from "../helpers/smtp-server";
import {
  callRoute,
  flashedNotice,
  formRequest,
  getRequest,
  honeypotFields,
  Jar,
  jsonRequest,
  signedInJar,
} from "../helpers/routes";

const STAFF_ORIGIN = "http://staff.localhost:3000";

/** A client address of its own, so tests never share a rate-limit window. */
const newIp = () => `203.0.113.${crypto.randomInt(1, 255)}-${crypto.randomUUID()}`;

/** A valid message with a marker to find its rows by. */
async function validFields(site: "DTC" | "HPSF" = "DTC") {
  const marker = crypto.randomUUID();
  const { topics } = await contactPageOf(site);
  return {
    marker,
    fields: {
      name: "Robin Lee",
      email: "Robin@Example.com",
      phone: "(303) 555-0100",
      orderNumber: "#1001",
      topic: topics[0],
      message: `My kibble arrived damaged. Ref ${marker}`,
    },
  };
}

const storedMessage = (marker: string) => prisma.contactMessage.findFirst({ where: { message: { contains: marker } } });

const supportEmail = (marker: string) =>
  prisma.emailMessage.findFirst({ where: { to: siteSettings.SUPPORT_EMAIL, text: { contains: marker } } });

interface Reply {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
}

interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe("contact service", () => {
  let db: PrismaClient;

  beforeAll(async () => {
    db = (await createTestDatabase()).db;
  });

  afterAll(async () => {
    await db.$disconnect();
  });

  /** Email written to an outbox of the test database. */
  const outboxEmail = () =>
    createEmailService(createOutbox(db, { maxTries: 8 }), { transport: "outbox", from: "Shop <orders@example.com>" });

  const input = {
    name: "Robin Lee",
    email: "robin@example.com",
    phone: "303-555-0100",
    orderNumber: "1001",
    topic: "Order question",
    message: "Hello <script>alert(1)</script>\nSecond line & more.",
  };

  it("stores the message and emails support with every field, recording the email's id", async () => {
    const email = outboxEmail();
    const service = createContactService(db, email, { supportEmail: "help@example.com", limitPerHour: 5 });
    const result = await service.sendContactMessage({ site: "HPSF", customerId: null, input, clientIp: "a" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = await db.contactMessage.findUniqueOrThrow({ where: { id: result.id } });
    expect(row).toMatchObject({ ...input, site: "HPSF", customerId: null });
    const sent = await db.emailMessage.findUniqueOrThrow({ where: { id: row.emailMessageId! } });
    expect(sent).toMatchObject({
      to: "help@example.com",
      subject: "Contact form: Order question from Robin Lee",
      template: "contact-us",
    });
    for (const part of [
      "Site: Pet Nutrition Pro (HPSF)",
      "Name: Robin Lee",
      "Email: robin@example.com",
      "Reply to the shopper at robin@example.com",
      "Phone: 303-555-0100",
      "Order number: 1001",
      "Customer account: guest",
      `Reference: ${row.id}`,
      input.message,
    ]) {
      expect(sent.text).toContain(part);
    }
    // The shopper's words are escaped in the HTML version.
    expect(sent.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sent.html).not.toContain("<script>");
  });

  it("says 'not given' for an absent phone and order number", async () => {
    const email = outboxEmail();
    const service = createContactService(db, email, { supportEmail: "help@example.com", limitPerHour: 5 });
    const bare = { name: "Sam", email: "sam@example.com", topic: "Autoship", message: "Please call me back." };
    const result = await service.sendContactMessage({ site: "DTC", customerId: "c1", input: bare, clientIp: "b" });
    if (!result.ok) throw new Error("refused");
    const row = await db.contactMessage.findUniqueOrThrow({ where: { id: result.id } });
    expect(row).toMatchObject({ phone: null, orderNumber: null, customerId: "c1" });
    const sent = await db.emailMessage.findUniqueOrThrow({ where: { id: row.emailMessageId! } });
    expect(sent.text).toContain("Phone: not given");
    expect(sent.text).toContain("Order number: not given");
    expect(sent.text).toContain("Customer account: c1");
  });

  it("refuses the message over CONTACT_RATE_LIMIT_PER_HOUR per address, stores nothing, and frees up after an hour", async () => {
    let clock = Date.UTC(2026, 0, 5, 9);
    const email = outboxEmail();
    const service = createContactService(db, email, {
      supportEmail: "help@example.com",
      limitPerHour: 2,
      now: () => clock,
    });
    const send = (clientIp: string, marker: string) =>
      service.sendContactMessage({ site: "DTC", customerId: null, input: { ...input, message: marker }, clientIp });
    expect((await send("10.0.0.1", "first message")).ok).toBe(true);
    clock += 10 * 60 * 1000;
    expect((await send("10.0.0.1", "second message")).ok).toBe(true);
    const refused = await send("10.0.0.1", "third message refused");
    expect(refused).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 50 * 60 });
    expect(await db.contactMessage.count({ where: { message: "third message refused" } })).toBe(0);
    expect((await send("10.0.0.2", "another address")).ok).toBe(true);
    clock += 50 * 60 * 1000;
    expect((await send("10.0.0.1", "an hour after the first")).ok).toBe(true);
  });

  it("stores the message and its email together, or neither (docs/rules.md 'Outbox')", async () => {
    const service = createContactService(db, outboxEmail(), { supportEmail: "not-an-address", limitPerHour: 5 });
    const marker = `unsendable ${crypto.randomUUID()}`;
    await expect(
      service.sendContactMessage({
        site: "DTC",
        customerId: null,
        input: { ...input, message: marker },
        clientIp: "c",
      }),
    ).rejects.toThrow();
    expect(await db.contactMessage.count({ where: { message: marker } })).toBe(0);
    expect(await db.emailMessage.count({ where: { text: { contains: marker } } })).toBe(0);
  });

  it("with SMTP down the shopper is answered and nothing is lost: it goes out once SMTP answers, replies to the shopper", async () => {
    const port = await unusedPort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const outbox = createOutbox(db, { maxTries: 8 });
    outbox.register(
      "email",
      createEmailDelivery(db, { transport: "smtp", smtpUrl, messageIdHost: "shop.example.com" }),
    );
    const email = createEmailService(outbox, { transport: "smtp", from: "Shop <orders@example.com>" });
    const service = createContactService(db, email, { supportEmail: "help@example.com", limitPerHour: 5 });
    const marker = `while SMTP is down ${crypto.randomUUID()}`;
    const result = await service.sendContactMessage({
      site: "DTC",
      customerId: null,
      input: { ...input, message: marker },
      clientIp: "d",
    });
    if (!result.ok) throw new Error("refused");
    const row = await db.contactMessage.findUniqueOrThrow({ where: { id: result.id } });
    const at = new Date();
    await outbox.deliverDue({ now: at });
    const queued = await db.emailMessage.findUniqueOrThrow({
      where: { id: row.emailMessageId! },
      include: { outboxMessage: true },
    });
    expect(queued.outboxMessage).toMatchObject({ status: "queued", tries: 1 });
    expect(queued.outboxMessage!.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer({ port });
    try {
      await outbox.deliverDue({ now: new Date(at.getTime() + 60_000) });
      const mails = smtp.mails.filter((m) => m.raw.includes(marker));
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toEqual(["help@example.com"]);
      expect(headerOf(mails[0], "Reply-To")).toBe("robin@example.com");
    } finally {
      await smtp.close();
    }
  });
});

describe("/contact-us page (shop-core spec section 2)", () => {
  // The staff site gets a contact entry of its own (catalogue spec section 7, get-contact),
  // written before anything reads it here, and put back as it was afterwards.
  const STAFF_CONTACT = {
    heading: "Talk to the program team",
    intro: "We help clinic and school staff.",
    phone: "1-800-555-0100",
    email: "program@example.com",
    hours: ["Mon-Fri 8am-6pm MT"],
    topics: ["Program eligibility", "Clinic question"],
  };
  const where = { site_type_key: { site: "HPSF", type: "contact", key: "contact" } };
  let previous: Awaited<ReturnType<typeof prisma.contentEntry.findUnique>> = null;

  beforeAll(async () => {
    previous = await prisma.contentEntry.findUnique({ where });
    const entry = { status: "published", title: "Contact", data: JSON.stringify(STAFF_CONTACT) };
    await prisma.contentEntry.upsert({
      where,
      create: { site: "HPSF", type: "contact", key: "contact", ...entry },
      update: entry,
    });
  });

  afterAll(async () => {
    if (previous) {
      const { status, title, data } = previous;
      await prisma.contentEntry.update({ where, data: { status, title, data } });
    } else {
      await prisma.contentEntry.delete({ where });
    }
  });

  const load = (jar = new Jar(), origin?: string) =>
    callRoute(
      page.loader,
      origin
        ? new Request(`${origin}/contact-us`, { headers: { Cookie: jar.header } })
        : getRequest("/contact-us", jar),
      jar,
    );

  const post = (fields: Record<string, string>, options: { jar?: Jar; clientIp?: string; origin?: string } = {}) => {
    const jar = options.jar ?? new Jar();
    const request = formRequest("/contact-us", fields, jar);
    const sent = options.origin
      ? new Request(`${options.origin}/contact-us`, {
          method: "POST",
          body: new URLSearchParams({ ...honeypotFields(), ...fields }),
          headers: request.headers,
        })
      : request;
    return callRoute(page.action, sent, jar, { clientIp: options.clientIp ?? newIp() });
  };

  it("offers the site's topics (content's, or the defaults) and no prefill to a guest", async () => {
    const response = await load();
    expect(response.status).toBe(200);
    const data = (await response.json()) as { topics: string[]; prefill: unknown; details: unknown };
    expect(data.topics).toEqual(contactTopics(await content.getContact("DTC")));
    expect(data.prefill).toBeNull();
  });

  it("prefills the signed-in customer's name and email", async () => {
    const email = `contact-${crypto.randomUUID()}@example.com`;
    const registered = await identity.register({
      site: "DTC",
      email,
      password: "kibble2024",
      firstName: "Jo",
      lastName: "Park",
      acceptsMarketing: false,
    });
    if (!registered.ok) throw new Error("register failed");
    const jar = await signedInJar(registered.customerId);
    const data = (await (await load(jar)).json()) as { prefill: { name: string; email: string } };
    expect(data.prefill).toMatchObject({ name: "Jo Park", email });

    // Their message records who they are.
    const { marker, fields } = await validFields();
    expect((await post(fields, { jar })).status).toBe(302);
    expect((await storedMessage(marker))?.customerId).toBe(registered.customerId);
  });

  it("a valid post stores the message, emails SUPPORT_EMAIL and comes back with a notice", async () => {
    const { marker, fields } = await validFields();
    const jar = new Jar();
    const response = await post(fields, { jar });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact-us");
    expect(await flashedNotice(jar)).toEqual({ tone: "success", message: CONTACT_SENT_MESSAGE });
    expect(CONTACT_SENT_MESSAGE).toContain("within 1 business day");

    const row = await storedMessage(marker);
    expect(row).toMatchObject({
      site: "DTC",
      name: "Robin Lee",
      email: "robin@example.com",
      phone: "303-555-0100",
      orderNumber: "1001",
      topic: fields.topic,
      customerId: null,
    });
    const sent = await supportEmail(marker);
    expect(sent).toMatchObject({
      id: row!.emailMessageId,
      to: siteSettings.SUPPORT_EMAIL,
      subject: `Contact form: ${fields.topic} from Robin Lee`,
      template: "contact-us",
    });
    for (const part of ["Name: Robin Lee", "Email: robin@example.com", "Phone: 303-555-0100", "Order number: 1001"]) {
      expect(sent!.text).toContain(part);
    }
  });

  it("shows the site's contact entry and offers its topics only (topics come from content)", async () => {
    const data = (await (await load(new Jar(), STAFF_ORIGIN)).json()) as { topics: string[]; details: unknown };
    expect(data.details).toEqual(STAFF_CONTACT);
    expect(data.topics).toEqual(STAFF_CONTACT.topics);
    const { fields } = await validFields("HPSF");
    const response = await post({ ...fields, topic: "Order question" }, { origin: STAFF_ORIGIN });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error?.topic).toEqual(["Choose one of the topics in the list."]);
  });

  it("on the staff site the message is the staff site's", async () => {
    const { marker, fields } = await validFields("HPSF");
    expect((await post(fields, { origin: STAFF_ORIGIN })).status).toBe(302);
    expect((await storedMessage(marker))?.site).toBe("HPSF");
    expect((await supportEmail(marker))?.text).toContain("Site: Pet Nutrition Pro (HPSF)");
  });

  it("an invalid post answers 400 with each error beside its field and the typed values kept", async () => {
    const { marker, fields } = await validFields();
    const response = await post({ ...fields, email: "robin@", phone: "555", topic: "Free food", message: "short" });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error).toMatchObject({
      email: ["Enter an email address like name@example.com."],
      phone: ["Enter a 10-digit US phone number, like 303-555-0100."],
      topic: ["Choose one of the topics in the list."],
      message: ["Write at least 10 characters so we can help."],
    });
    expect(reply.error?.name).toBeUndefined();
    expect(reply.initialValue).toMatchObject({ name: "Robin Lee", email: "robin@", phone: "555", message: "short" });
    expect(await storedMessage(marker)).toBeNull();
  });

  it("an empty post names every required field", async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error).toMatchObject({
      name: ["Enter your name."],
      email: ["Enter your email address."],
      topic: ["Choose a topic."],
      message: ["Write your message."],
    });
    expect(reply.error?.phone).toBeUndefined();
  });

  it("refuses a post whose honeypot was filled in, storing nothing", async () => {
    const { marker, fields } = await validFields();
    const response = await post({ ...fields, name__confirm: "https://spam.example" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error?.[""]).toEqual([
      "Your message could not be sent. Reload the page and try again.",
    ]);
    expect(await storedMessage(marker)).toBeNull();
  });

  it("answers 429 with a form error after CONTACT_RATE_LIMIT_PER_HOUR messages from one address", async () => {
    const clientIp = newIp();
    for (let i = 0; i < rateLimitSettings.CONTACT_RATE_LIMIT_PER_HOUR; i++) {
      expect((await post((await validFields()).fields, { clientIp })).status).toBe(302);
    }
    const { marker, fields } = await validFields();
    const response = await post(fields, { clientIp });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = (await response.json()) as Reply;
    expect(reply.error?.[""]?.[0]).toMatch(/several messages in the last hour/);
    expect(reply.initialValue).toMatchObject({ name: "Robin Lee" });
    expect(await storedMessage(marker)).toBeNull();
    // Invalid posts do not use the allowance, and another address is not limited.
    expect((await post(fields, { clientIp: newIp() })).status).toBe(302);
  });
});

describe("POST /api/send-contact-us (shop-core spec section 7)", () => {
  const call = (body: unknown, options: { method?: string; clientIp?: string } = {}) =>
    callRoute(api.action, jsonRequest("/api/send-contact-us", body, new Jar(), options.method ?? "POST"), undefined, {
      clientIp: options.clientIp ?? newIp(),
    });

  it("answers 201 { ok, id } and stores and emails the message", async () => {
    const { marker, fields } = await validFields();
    const response = await call({ data: { ...fields, phone: "", orderNumber: "" } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body.ok).toBe(true);
    const row = await storedMessage(marker);
    expect(row).toMatchObject({ id: body.id, phone: null, orderNumber: null, email: "robin@example.com" });
    expect((await supportEmail(marker))?.id).toBe(row!.emailMessageId);
  });

  it("answers 400 MALFORMED_JSON to a body that is not JSON", async () => {
    const response = await call("{ data: nope");
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.code).toBe("MALFORMED_JSON");
  });

  it("answers 400 naming data when it is missing or not an object", async () => {
    for (const body of [{}, { data: "hello" }, []]) {
      const response = await call(body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ApiError;
      expect(error.code).toBe("INVALID_REQUEST");
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
    const { error } = (await (await call({})).json()) as ApiError;
    expect(error.fields).toEqual({ data: "Send the form's fields in data." });
  });

  it("answers 400 with a message per bad field, as request-body paths", async () => {
    const { marker, fields } = await validFields();
    const response = await call({ data: { ...fields, email: "nope", topic: "Other", message: 12 } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiError;
    expect(error).toEqual({
      code: "INVALID_REQUEST",
      message: "Some fields of the message are not valid.",
      fields: {
        "data.email": "Enter an email address like name@example.com.",
        "data.topic": "Choose one of the topics in the list.",
        "data.message": "Write your message.",
      },
    });
    expect(await storedMessage(marker)).toBeNull();
  });

  it("answers 405 to anything but POST", async () => {
    const get = await callRoute(api.loader, getRequest("/api/send-contact-us"));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const put = await call({ data: {} }, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(((await put.json()) as ApiError).error.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers 429 RATE_LIMITED with Retry-After past the hourly limit of an address", async () => {
    const clientIp = newIp();
    for (let i = 0; i < rateLimitSettings.CONTACT_RATE_LIMIT_PER_HOUR; i++) {
      expect((await call({ data: (await validFields()).fields }, { clientIp })).status).toBe(201);
    }
    const response = await call({ data: (await validFields()).fields }, { clientIp });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(((await response.json()) as ApiError).error.code).toBe("RATE_LIMITED");
  });
});
