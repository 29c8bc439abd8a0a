// Customers on Shopify (docs/rules.md "Shopify customers") against the loopback Storefront API
// server that executes Shopify's published schema: sign-in with a customer access token linked
// to a local customer, the token sealed at rest and renewed before it expires, the address book
// and orders on Shopify, and what happens when Shopify refuses the token or cannot be reached.
// On the run's database kind (SQLite, or PostgreSQL with TEST_POSTGRES_URL).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import type { AddressInput } from "~/models/checkout-forms";
import { encodeRedirect } from "~/models/redirect-param";
import { createStorefrontClient } from "~/services/commerce/shopify/client.server";
import {
  createShopifyCustomers,
  openToken,
  sealToken,
  TOKEN_RENEW_BEFORE_MS,
} from "~/services/customers/shopify.server";
import { CustomerError, createCustomers } from "~/services/customers/customers.server";
import {
  SHOPIFY_METAFIELDS_TOPIC,
  shopifyMetafieldsDelivery,
  type ShopifyMetafieldsPayload,
} from "~/services/customers/shopify.server";
import { createOutbox } from "~/services/outbox/outbox.server";
import { startAdminServer } from "../shopify/admin-server";
import { createTestDatabase } from "../helpers/db";
import { fixtureCustomers } from "../shopify/customers";
import { startStorefrontServer } from "../shopify/storefront-server";

const DOMAIN = "pet-food-test.myshopify.com";
const SECRET = "a-session-secret-of-at-least-32-characters";
const ROBIN = { email: "robin@example.com", password: "shopify-pass-1" };

type Server = Awaited<ReturnType<typeof startStorefrontServer>>;
let server: Server;
let db: PrismaClient;
let clock: Date;

beforeAll(async () => {
  server = await startStorefrontServer();
  ({ db } = await createTestDatabase());
});
afterAll(() => server.close());
beforeEach(() => {
  clock = new Date();
  Object.assign(server.customers, fixtureCustomers());
  server.requests.length = 0;
});
afterEach(() => {
  expect(server.requests.flatMap((r) => r.errors.map((e) => `${r.operationName}: ${e.message}`))).toEqual([]);
  server.faults.length = 0;
});

function shopifyCustomers() {
  const client = createStorefrontClient({
    endpoint: server.endpoint,
    token: "test-storefront-token",
    timeoutMs: 10_000,
    sleep: async () => {},
  });
  return createShopifyCustomers(client, db, createCustomers(db), {
    storeDomain: DOMAIN,
    secret: SECRET,
    now: () => clock,
  });
}

async function signedIn(credentials = ROBIN) {
  const customers = shopifyCustomers();
  const result = await customers.signIn({ site: "DTC", ...credentials });
  if (!result.ok) throw new Error("sign-in refused");
  return { customers, customerId: result.customerId };
}

/** What a thrown answer is: a redirect's location or a status with its body. */
async function answerOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.text() };
  }
  throw new Error("expected a thrown answer");
}

const ADDRESS: AddressInput = {
  firstName: "Robin",
  lastName: "Shopper",
  company: "",
  address1: "400 Main Street",
  address2: "Apt 2",
  city: "Topeka",
  provinceCode: "KS",
  zip: "66603",
  phone: "785-555-0100",
  countryCode: "US",
};

describe("sign-in on Shopify", () => {
  it("refuses a wrong password with the one refusal, making no customer", async () => {
    const before = await db.customer.count();
    expect(await shopifyCustomers().signIn({ site: "DTC", email: ROBIN.email, password: "wrong" })).toEqual({
      ok: false,
    });
    expect(await shopifyCustomers().signIn({ site: "DTC", email: "nobody@example.com", password: "x" })).toEqual({
      ok: false,
    });
    expect(await db.customer.count()).toBe(before);
  });

  it("links the Shopify customer to one local customer, with Shopify's names, and seals the token", async () => {
    const { customerId } = await signedIn();
    const again = await signedIn();
    expect(again.customerId).toBe(customerId);
    const links = await db.externalIdentity.findMany({ where: { customerId } });
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer: `shopify:${DOMAIN}`, subject: "gid://shopify/Customer/7001" });
    const customer = await db.customer.findUniqueOrThrow({ where: { id: customerId } });
    expect(customer).toMatchObject({ site: "DTC", email: ROBIN.email, firstName: "Robin", lastName: "Shopper" });

    // At rest the token is sealed: the raw token is nowhere in the row, and opens only with the secret.
    const live = [...server.customers.tokens.keys()];
    const sealed = links[0].accessToken!;
    expect(live.some((token) => sealed.includes(token))).toBe(false);
    expect(live).toContain(openToken(SECRET, sealed));
    expect(openToken("another-secret-of-at-least-32-characters!", sealed)).toBeNull();
    const [v, iv, body, tag] = sealed.split(".");
    // The first character: all its bits are data (the last one's low bits may be padding).
    const flipped = `${v}.${iv}.${body.startsWith("A") ? "B" : "A"}${body.slice(1)}.${tag}`;
    expect(openToken(SECRET, flipped)).toBeNull();
    expect(openToken(SECRET, sealToken(SECRET, "abc"))).toBe("abc");
  });

  it("links a customer the shop already had with that email instead of making a second one", async () => {
    const existing = await db.customer.create({
      data: { site: "DTC", email: "sam@example.com", firstName: "Samuel", lastName: "Old" },
    });
    const { customerId } = await signedIn({ email: "Sam@Example.com", password: "shopify-pass-2" });
    expect(customerId).toBe(existing.id);
    expect(await db.customer.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({
      firstName: "Sam",
      lastName: "New",
    });
  });
});

describe("accounts kept by Shopify", () => {
  it("registers on Shopify and signs in; an email Shopify holds is taken", async () => {
    const customers = shopifyCustomers();
    const input = { site: "DTC" as const, firstName: "Kit", lastName: "Cat", acceptsMarketing: false };
    const made = await customers.register({ ...input, email: "Kit@Example.com", password: "long-enough-1" });
    expect(made.ok).toBe(true);
    expect(server.customers.customers.at(-1)).toMatchObject({ email: "kit@example.com", firstName: "Kit" });
    expect(await customers.register({ ...input, email: ROBIN.email, password: "long-enough-1" })).toEqual({
      ok: false,
      reason: "email-taken",
    });
  });

  it("changes the password on Shopify only after the current one checks out there", async () => {
    const { customers, customerId } = await signedIn();
    expect(await customers.changePassword(customerId, "wrong", "a-new-password")).toBe(false);
    expect(server.customers.customers[0].password).toBe(ROBIN.password);
    expect(await customers.changePassword(customerId, ROBIN.password, "a-new-password")).toBe(true);
    expect(server.customers.customers[0].password).toBe("a-new-password");
    // Shopify ends the old tokens and answers a new one, which the shop keeps: the account still reads.
    expect(await customers.listAddresses(customerId)).toHaveLength(1);
  });

  it("asks Shopify to email its reset link, the same answer for an unknown email", async () => {
    const customers = shopifyCustomers();
    await customers.requestPasswordReset("ROBIN@example.com");
    await customers.requestPasswordReset("nobody@example.com");
    expect(server.customers.recoveries).toEqual(["robin@example.com"]);
  });
});

describe("the staff-feeding site on Shopify", () => {
  it("a Shopify customer signing in there has a staff user record, which the program's registration reads", async () => {
    const result = await shopifyCustomers().signIn({
      site: "HPSF",
      email: "sam@example.com",
      password: "shopify-pass-2",
    });
    if (!result.ok) throw new Error("sign-in refused");
    const user = await db.identityUser.findUniqueOrThrow({ where: { customerId: result.customerId } });
    expect(user).toMatchObject({ store: "staff", email: "sam@example.com", passwordHash: "external" });
    expect((await db.customer.findUniqueOrThrow({ where: { id: result.customerId } })).site).toBe("HPSF");
  });
});

describe("the account on Shopify", () => {
  it("reads and changes the address book on Shopify, the default first", async () => {
    const { customers, customerId } = await signedIn();
    const [first] = await customers.listAddresses(customerId);
    expect(first).toMatchObject({ address1: "12 Elm Street", provinceCode: "NY", countryCode: "US", isDefault: true });

    const made = await customers.createAddress(customerId, ADDRESS);
    expect(made).toMatchObject({
      address1: "400 Main Street",
      province: "Kansas",
      provinceCode: "KS",
      isDefault: false,
    });
    const robin = server.customers.customers[0];
    expect(robin.addresses.at(-1)).toMatchObject({ address1: "400 Main Street", province: "Kansas", zip: "66603" });

    await customers.setDefaultAddress(customerId, made.id);
    expect((await customers.listAddresses(customerId)).map((a) => [a.address1, a.isDefault])).toEqual([
      ["400 Main Street", true],
      ["12 Elm Street", false],
    ]);
    const updated = await customers.updateAddress(customerId, made.id, { ...ADDRESS, city: "Lawrence", zip: "66044" });
    expect(updated).toMatchObject({ city: "Lawrence", zip: "66044", isDefault: true });

    const deleted = await customers.deleteAddress(customerId, made.id);
    expect(deleted.deletedId).toBe(made.id);
    expect((await customers.listAddresses(customerId)).map((a) => a.address1)).toEqual(["12 Elm Street"]);
  });

  it("checks an address with the shop's rules before Shopify is asked, and keeps another's address out of reach", async () => {
    const { customers, customerId } = await signedIn();
    const sent = server.requests.length;
    await expect(customers.createAddress(customerId, { ...ADDRESS, zip: "1234" })).rejects.toMatchObject({
      code: "INVALID",
      field: "zip",
    });
    expect(server.requests.length).toBe(sent);
    // Shopify scopes an address id to the token's customer: another's is NOT_FOUND.
    const sam = await signedIn({ email: "sam@example.com", password: "shopify-pass-2" });
    const robinsAddress = server.customers.customers[0].addresses[0].id;
    await expect(sam.customers.deleteAddress(sam.customerId, robinsAddress)).rejects.toBeInstanceOf(CustomerError);
    await expect(sam.customers.getAddress(sam.customerId, robinsAddress)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(server.customers.customers[0].addresses).toHaveLength(1);
  });

  it("changes the profile on Shopify and mirrors the names locally", async () => {
    const { customers, customerId } = await signedIn();
    const profile = await customers.updateProfile(customerId, {
      firstName: "Robyn",
      lastName: "Shopper",
      acceptsMarketing: true,
    });
    expect(profile).toMatchObject({ firstName: "Robyn", acceptsMarketing: true });
    expect(server.customers.customers[0]).toMatchObject({ firstName: "Robyn", acceptsMarketing: true });
    expect((await db.customer.findUniqueOrThrow({ where: { id: customerId } })).firstName).toBe("Robyn");
  });

  it("changes the email on Shopify only with the right password, keeping the new token Shopify answers", async () => {
    const { customers, customerId } = await signedIn();
    await expect(customers.changeEmail(customerId, "robin.new@example.com", "wrong")).rejects.toMatchObject({
      code: "INVALID",
      field: "currentPassword",
    });
    await expect(customers.changeEmail(customerId, "not-an-email", ROBIN.password)).rejects.toMatchObject({
      field: "email",
    });
    await expect(customers.changeEmail(customerId, "sam@example.com", ROBIN.password)).rejects.toMatchObject({
      code: "EMAIL_TAKEN",
    });
    const profile = await customers.changeEmail(customerId, "Robin.New@Example.com", ROBIN.password);
    expect(profile.email).toBe("robin.new@example.com");
    expect(server.customers.customers[0].email).toBe("robin.new@example.com");
    expect((await db.customer.findUniqueOrThrow({ where: { id: customerId } })).email).toBe("robin.new@example.com");
    // Shopify ended the old token; the account still reads with the one it answered.
    expect(await customers.listAddresses(customerId)).toHaveLength(1);
  });

  it("lists Shopify's orders newest first, twenty a page, with the shop's statuses and integer cents", async () => {
    const { customers, customerId } = await signedIn();
    const first = await customers.listOrders(customerId, { first: 20, after: null, query: "" });
    expect(first.orders).toHaveLength(20);
    expect(first.orders[0]).toMatchObject({ number: "1023", status: "paid", totalCents: 4799, itemCount: 2 });
    expect(first.orders[0].href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/orders\/5022\//);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await customers.listOrders(customerId, { first: 20, after: first.pageInfo.endCursor, query: "" });
    expect(second.orders.map((o) => o.number)).toEqual(["1003", "1002", "1001"]);
    expect(second.orders[0]).toMatchObject({ status: "shipped" });
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const cancelled = await customers.listOrders(customerId, { first: 20, after: null, query: "#1004" });
    expect(cancelled.orders.map((o) => [o.number, o.status])).toEqual([["1004", "cancelled"]]);
    expect(cancelled.orders[0].progress.map((step) => step.kind)).toEqual(["placed", "cancelled"]);
  });
});

describe("the Shopify token over time", () => {
  it("is renewed when it nears its expiry, and the old one is given up", async () => {
    const { customers, customerId } = await signedIn();
    const link = await db.externalIdentity.findFirstOrThrow({ where: { customerId } });
    const old = openToken(SECRET, link.accessToken!)!;
    clock = new Date(link.accessTokenExpiresAt!.getTime() - TOKEN_RENEW_BEFORE_MS + 60_000);
    await customers.listAddresses(customerId);
    const renewed = await db.externalIdentity.findFirstOrThrow({ where: { customerId } });
    const fresh = openToken(SECRET, renewed.accessToken!)!;
    expect(fresh).not.toBe(old);
    expect(server.customers.tokens.has(old)).toBe(false);
    expect(server.customers.tokens.has(fresh)).toBe(true);
    expect(server.requests.filter((r) => r.operationName === "CustomerAccessTokenRenew")).toHaveLength(1);
  });

  it("a token Shopify no longer accepts ends the customer's sessions and sends them to sign in", async () => {
    const { customers, customerId } = await signedIn();
    const session = await db.sessionToken.create({
      data: { id: `s-${customerId}`, customerId, site: "DTC", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    server.customers.tokens.clear();
    const answer = await answerOf(customers.listAddresses(customerId));
    expect(answer).toMatchObject({ status: 302, location: `/account/login?redirect=${encodeRedirect("/account")}` });
    expect((await db.sessionToken.findUniqueOrThrow({ where: { id: session.id } })).revokeReason).toBe(
      "platform-token",
    );
    expect((await db.externalIdentity.findFirstOrThrow({ where: { customerId } })).accessToken).toBeNull();
  });

  it("goes with the customer's last session: deleted on Shopify and here", async () => {
    const { customers, customerId } = await signedIn();
    const link = await db.externalIdentity.findFirstOrThrow({ where: { customerId } });
    const token = openToken(SECRET, link.accessToken!)!;
    const other = await db.sessionToken.create({
      data: { id: `other-${customerId}`, customerId, site: "DTC", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    await customers.signedOutOfSession(customerId);
    expect(server.customers.tokens.has(token)).toBe(true);
    await db.sessionToken.update({ where: { id: other.id }, data: { revokedAt: new Date() } });
    await customers.signedOutOfSession(customerId);
    expect(server.customers.tokens.has(token)).toBe(false);
    expect((await db.externalIdentity.findFirstOrThrow({ where: { customerId } })).accessToken).toBeNull();
  });

  it("Shopify out of reach answers 503 with Retry-After and a message, never 500", async () => {
    const { customers, customerId } = await signedIn();
    server.faults.push({ status: 503 }, { status: 503 }, { status: 503 });
    const answer = await answerOf(customers.listOrders(customerId, { first: 20, after: null, query: "" }));
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: "COMMERCE_UNAVAILABLE",
        message: "We cannot reach your account just now. Please try again shortly.",
      },
    });
  });
});

describe("the shop's own metafields on Shopify (Admin API)", () => {
  it("are copied to the Shopify customer through the outbox, in the transaction that writes them here", async () => {
    const admin = await startAdminServer();
    try {
      const outbox = createOutbox(db, { maxTries: 5 });
      const adminClient = createStorefrontClient({
        endpoint: `${admin.origin}/admin/api/2026-04/graphql.json`,
        token: "test-admin-token",
        authHeader: "x-shopify-access-token",
        timeoutMs: 10_000,
        sleep: async () => {},
      });
      outbox.register(SHOPIFY_METAFIELDS_TOPIC, shopifyMetafieldsDelivery(adminClient));
      const client = createStorefrontClient({ endpoint: server.endpoint, token: "test-storefront-token" });
      const customers = createShopifyCustomers(client, db, createCustomers(db), {
        storeDomain: DOMAIN,
        secret: SECRET,
        enqueue: (writer, message) => outbox.enqueue(writer, message),
      });
      const signedInRobin = await customers.signIn({ site: "DTC", ...ROBIN });
      if (!signedInRobin.ok) throw new Error("sign-in refused");
      const shopOwned = (key: string, value: string) => ({
        namespace: "profeeding",
        key,
        type: "single_line_text_field",
        value,
      });
      await customers.writeShopMetafields(signedInRobin.customerId, [
        shopOwned("ship_to", "0000123456"),
        shopOwned("sold_to", "0000654321"),
      ]);
      const queued = await db.outboxMessage.findMany({ where: { topic: SHOPIFY_METAFIELDS_TOPIC } });
      expect(queued).toHaveLength(1);
      expect((JSON.parse(queued[0].payload) as ShopifyMetafieldsPayload).ownerId).toBe("gid://shopify/Customer/7001");

      // Shopify down (a mutation is not retried within the call): the message waits for the outbox's next try.
      admin.faults.push({ status: 503 });
      expect(await outbox.deliverDue()).toMatchObject({ delivered: 0, retried: 1 });
      expect(admin.metafields.size).toBe(0);
      expect(await outbox.deliverDue({ now: new Date(Date.now() + 3_600_000) })).toMatchObject({ delivered: 1 });
      const copied = admin.metafields.get("gid://shopify/Customer/7001")!;
      expect(Object.fromEntries([...copied].map(([key, m]) => [key, m.value]))).toEqual({
        "profeeding.ship_to": "0000123456",
        "profeeding.sold_to": "0000654321",
      });
      expect(admin.requests.flatMap((r) => r.errors)).toEqual([]);
      await db.outboxMessage.deleteMany({ where: { topic: SHOPIFY_METAFIELDS_TOPIC } });
    } finally {
      await admin.close();
    }
  });

  it("a customer with no Shopify link, or no Admin API token, writes here only", async () => {
    const local = await db.customer.create({
      data: { site: "DTC", email: "local-only@example.com", firstName: "L", lastName: "O" },
    });
    const enqueued: unknown[] = [];
    const customers = createShopifyCustomers(
      createStorefrontClient({ endpoint: server.endpoint, token: "test-storefront-token" }),
      db,
      createCustomers(db),
      { storeDomain: DOMAIN, secret: SECRET, enqueue: async (_writer, message) => enqueued.push(message) },
    );
    const input = [{ namespace: "profeeding", key: "ship_to", type: "single_line_text_field", value: "0000999999" }];
    const written = await customers.writeShopMetafields(local.id, input);
    expect(written.userErrors).toEqual([]);
    expect(enqueued).toEqual([]);
  });
});
