// "Notify me when it's back" (docs/rules.md "Back in stock"): the service's requests, the
// back-in-stock job's exactly-once emails (two runners on two connections), and the product
// page's action posted as a browser without JavaScript and as a fetcher does. On the run's
// database kind (SQLite, or PostgreSQL with TEST_POSTGRES_URL).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, prisma } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { NOTIFY_ME_INTENT, STOCK_NOTIFICATION_MESSAGES } from "~/models/stock-notification";
import * as productRoute from "~/routes/products.$";
import { createEmailService } from "~/services/email/email.server";
import { createRateLimiter } from "~/services/http/index.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { publicUrl } from "~/services/site/index.server";
import { createStockNotifications } from "~/services/stock/index.server";
import { newAccount } from "../helpers/accounts";
import { createTestDatabase } from "../helpers/db";
import { callRoute, formRequest, Jar, signedInJar } from "../helpers/routes";

let db: PrismaClient;
let url: string;
let counter = 0;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
});

afterAll(async () => {
  await db.$disconnect();
  // The action's tests make their products in the worker's shared database: they go, so the
  // listing tests that run after in this worker see the seeded catalogue only.
  await prisma.product.deleteMany({ where: { handle: { startsWith: "notify-food-" } } });
});

const newIp = () => `198.51.100.${crypto.randomInt(1, 255)}-${crypto.randomUUID()}`;

/** A product with one variant, `inventory` units, sold on the DTC site only. */
async function newVariant(client: PrismaClient, inventory = 0): Promise<{ id: string; url: string }> {
  const n = `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
  const product = await client.product.create({
    data: {
      handle: `notify-food-${n}`,
      title: `Notify Food ${n}`,
      brand: "science-diet",
      productType: "Dry Dog Food",
      description: "A food for the back-in-stock tests.",
      species: "dog",
      lifestage: "adult-dog",
      foodForm: "dry",
      soldOnHpsf: false,
      variants: {
        create: {
          sku: `NOTIFY-${n}`,
          title: "Chicken, 4 lb bag",
          url: `science-diet/notify-food-${n}/chicken/4-lb`,
          size: "4 lb",
          flavor: "Chicken",
          productForm: "Dry",
          packType: "bag",
          weightValue: 4,
          weightUnit: "lbs",
          priceCents: 2000,
          inventory,
        },
      },
    },
    select: { variants: { select: { id: true, url: true } } },
  });
  return product.variants[0];
}

/** The service on `client`, writing emails through an outbox of its own; `limit` requests per address. */
function serviceOn(client: PrismaClient, limit = 100) {
  const email = createEmailService(createOutbox(client, { maxTries: 3 }), {
    transport: "outbox",
    from: "shop@example.com",
  });
  const limiter = createRateLimiter({
    name: `notify-test-${crypto.randomUUID()}`,
    limit,
    windowMs: 3_600_000,
    db: client,
  });
  return createStockNotifications(client, email, { limiter });
}

const emailsTo = (client: PrismaClient, to: string) =>
  client.emailMessage.findMany({ where: { to, template: "back-in-stock" } });

describe("requests (docs/rules.md 'Back in stock')", () => {
  it("keeps one row per variant and address: a repeat, in any case, changes nothing", async () => {
    const service = serviceOn(db);
    const variant = await newVariant(db);
    const ip = newIp();
    const first = await service.request({
      site: "DTC",
      variantId: variant.id,
      customerId: null,
      email: "pat@example.com",
      clientIp: ip,
    });
    const again = await service.request({
      site: "DTC",
      variantId: variant.id,
      customerId: null,
      email: "pat@example.com",
      clientIp: ip,
    });
    expect(first).toEqual({ ok: true, email: "pat@example.com" });
    expect(again).toEqual(first);
    const rows = await db.stockNotification.findMany({ where: { variantId: variant.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "pat@example.com", customerId: null, site: "DTC", notifiedAt: null });
  });

  it("a signed-in shopper's request uses the account's address, never a posted one", async () => {
    const service = serviceOn(db);
    const variant = await newVariant(db);
    const customer = await db.customer.create({
      data: { site: "DTC", email: `Dana-${crypto.randomUUID()}@Example.com`, firstName: "Dana", lastName: "Reyes" },
    });
    const result = await service.request({
      site: "DTC",
      variantId: variant.id,
      customerId: customer.id,
      email: "attacker@example.com",
      clientIp: newIp(),
    });
    expect(result).toEqual({ ok: true, email: customer.email.toLowerCase() });
    const rows = await db.stockNotification.findMany({ where: { variantId: variant.id } });
    expect(rows.map((r) => [r.email, r.customerId])).toEqual([[customer.email.toLowerCase(), customer.id]]);
  });

  it("refuses a variant in stock (409) and one the site does not sell (404), keeping nothing", async () => {
    const service = serviceOn(db);
    const stocked = await newVariant(db, 1);
    const out = await newVariant(db, 0);
    const ask = (variantId: string, site: "DTC" | "HPSF" = "DTC") =>
      service.request({ site, variantId, customerId: null, email: "pat@example.com", clientIp: newIp() });
    await expect(ask(stocked.id)).rejects.toMatchObject({ status: 409, message: STOCK_NOTIFICATION_MESSAGES.inStock });
    await expect(ask(out.id, "HPSF")).rejects.toMatchObject({ status: 404 });
    await expect(ask("no-such-variant")).rejects.toMatchObject({ status: 404 });
    expect(await db.stockNotification.count({ where: { variantId: { in: [stocked.id, out.id] } } })).toBe(0);
  });

  it("refuses past the rate limit per address, keeping nothing", async () => {
    const service = serviceOn(db, 2);
    const variant = await newVariant(db);
    const ip = newIp();
    const ask = (email: string) =>
      service.request({ site: "DTC", variantId: variant.id, customerId: null, email, clientIp: ip });
    expect((await ask("a@example.com")).ok).toBe(true);
    expect((await ask("b@example.com")).ok).toBe(true);
    expect(await ask("c@example.com")).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await db.stockNotification.count({ where: { variantId: variant.id } })).toBe(2);
  });
});

describe("the back-in-stock job emails each address once (docs/rules.md 'Back in stock')", () => {
  it("emails nobody while out of stock; once back, one email per address, through the outbox; a second run none", async () => {
    const service = serviceOn(db);
    const variant = await newVariant(db);
    const tag = crypto.randomUUID();
    const addresses = [`one-${tag}@example.com`, `two-${tag}@example.com`];
    for (const email of addresses) {
      await service.request({ site: "DTC", variantId: variant.id, customerId: null, email, clientIp: newIp() });
    }
    await service.notifyBackInStock();
    for (const email of addresses) expect(await emailsTo(db, email)).toHaveLength(0);

    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 3 } });
    await service.notifyBackInStock();
    await service.notifyBackInStock();
    for (const email of addresses) {
      const sent = await emailsTo(db, email);
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toMatch(/^Notify Food .* is back in stock$/);
      expect(sent[0].text).toContain("Chicken, 4 lb bag");
      expect(sent[0].text).toContain(publicUrl("DTC", `/products/${variant.url}`));
      expect(sent[0].text).toContain("We send this email once");
      // Its outbox row was written with it.
      expect(await db.outboxMessage.count({ where: { id: sent[0].outboxMessageId!, topic: "email" } })).toBe(1);
    }
    const rows = await db.stockNotification.findMany({ where: { variantId: variant.id } });
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
  });

  it("two runners at once, on two connections, still email each address once", async () => {
    const other = createPrismaClient(url);
    try {
      const variant = await newVariant(db);
      const tag = crypto.randomUUID();
      const addresses = Array.from({ length: 6 }, (_, i) => `runner-${i}-${tag}@example.com`);
      const service = serviceOn(db);
      for (const email of addresses) {
        await service.request({ site: "DTC", variantId: variant.id, customerId: null, email, clientIp: newIp() });
      }
      await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 10 } });
      const [a, b] = await Promise.all([service.notifyBackInStock(), serviceOn(other).notifyBackInStock()]);
      const sent = await db.emailMessage.findMany({ where: { to: { in: addresses }, template: "back-in-stock" } });
      expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
      expect(a.notified + b.notified).toBe(addresses.length);
    } finally {
      await other.$disconnect();
    }
  });

  it("an address already emailed that asks again, once the variant is out again, is emailed at the next return", async () => {
    const service = serviceOn(db);
    const variant = await newVariant(db);
    const email = `again-${crypto.randomUUID()}@example.com`;
    const ask = () =>
      service.request({ site: "DTC", variantId: variant.id, customerId: null, email, clientIp: newIp() });
    await ask();
    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 2 } });
    await service.notifyBackInStock();
    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 0 } });
    await ask();
    await service.notifyBackInStock();
    expect(await emailsTo(db, email)).toHaveLength(1);
    await db.productVariant.update({ where: { id: variant.id }, data: { inventory: 5 } });
    await service.notifyBackInStock();
    expect(await emailsTo(db, email)).toHaveLength(2);
  });
});

interface Reply {
  status?: string;
  form?: string;
  target?: string;
  error?: Record<string, string[] | null>;
  notice?: { tone: string; message: string };
}

describe("the product page's action (docs/rules.md 'Back in stock')", () => {
  const post = (
    path: string,
    fields: Record<string, string>,
    options: { jar?: Jar; honeypot?: boolean; clientIp?: string } = {},
  ) =>
    callRoute(
      productRoute.action,
      formRequest(path, fields, options.jar ?? new Jar(), { honeypot: options.honeypot }),
      options.jar,
      {
        clientIp: options.clientIp ?? newIp(),
      },
    );

  it("a guest posts an email, as a page without JavaScript and as a fetcher (?_data=): the same confirmation, private", async () => {
    const variant = await newVariant(prisma);
    const page = `/products/${variant.url}`;
    const email = `guest-${crypto.randomUUID()}@example.com`;
    for (const path of [page, `${page}?_data=routes%2Fproducts.%24`]) {
      const response = await post(path, {
        intent: NOTIFY_ME_INTENT,
        variantId: variant.id,
        email: email.toUpperCase(),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const reply = (await response.json()) as Reply;
      expect(reply).toMatchObject({
        status: "success",
        form: NOTIFY_ME_INTENT,
        target: variant.id,
        notice: { tone: "success", message: `We'll email you at ${email} when it's back.` },
      });
    }
    expect(await prisma.stockNotification.count({ where: { variantId: variant.id, email } })).toBe(1);
  });

  it("a signed-in shopper posts in one click: the account's address, never the form's", async () => {
    const variant = await newVariant(prisma);
    const account = await newAccount("notify");
    const jar = await signedInJar(account.customerId);
    const response = await post(
      `/products/${variant.url}`,
      { intent: NOTIFY_ME_INTENT, variantId: variant.id, email: "someone-else@example.com" },
      { jar },
    );
    expect(response.status).toBe(200);
    const reply = (await response.json()) as Reply;
    expect(reply.notice?.message).toBe(`We'll email you at ${account.email.toLowerCase()} when it's back.`);
    const rows = await prisma.stockNotification.findMany({ where: { variantId: variant.id } });
    expect(rows.map((r) => [r.email, r.customerId])).toEqual([[account.email.toLowerCase(), account.customerId]]);
  });

  it("malformed or refused posts get a 4xx with the error beside its field, and keep nothing", async () => {
    const out = await newVariant(prisma);
    const stocked = await newVariant(prisma, 4);
    const page = `/products/${out.url}`;
    const fields = { intent: NOTIFY_ME_INTENT, variantId: out.id };

    const bad = await post(page, { ...fields, email: "pat@" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Reply).error?.email).toEqual(["Enter an email address like name@example.com."]);

    const missing = await post(page, fields);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Reply).error?.email).toEqual(["Enter your email address."]);

    expect((await post(page, { ...fields, email: "pat@example.com" }, { honeypot: false })).status).toBe(400);
    expect((await post(page, { intent: "add", variantId: out.id, email: "pat@example.com" })).status).toBe(400);
    expect((await post(page, { ...fields, variantId: "x".repeat(101), email: "pat@example.com" })).status).toBe(400);
    expect((await post(page, { ...fields, variantId: "no-such-variant", email: "pat@example.com" })).status).toBe(404);
    const inStock = await post(page, { ...fields, variantId: stocked.id, email: "pat@example.com" });
    expect(inStock.status).toBe(409);
    expect(((await inStock.json()) as Reply).error?.[""]).toEqual([STOCK_NOTIFICATION_MESSAGES.inStock]);

    const json = await callRoute(
      productRoute.action,
      new Request(`http://localhost:3000${page}`, {
        method: "POST",
        body: JSON.stringify({ ...fields, email: "pat@example.com" }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(json.status).toBe(415);
    expect(await prisma.stockNotification.count({ where: { variantId: { in: [out.id, stocked.id] } } })).toBe(0);
  });

  it("past the rate limit a post gets 429 with Retry-After", async () => {
    const variant = await newVariant(prisma);
    const ip = newIp();
    const send = (i: number) =>
      post(
        `/products/${variant.url}`,
        { intent: NOTIFY_ME_INTENT, variantId: variant.id, email: `r${i}@example.com` },
        { clientIp: ip },
      );
    for (let i = 0; i < 10; i++) expect((await send(i)).status).toBe(200);
    const refused = await send(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
