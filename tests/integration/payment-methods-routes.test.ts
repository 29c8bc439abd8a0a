// Payment Methods and the card of each autoship, posted the way a browser without JavaScript
// does (docs/rules.md "Saved cards"): the list with its flags, add, make default, remove (refused
// while an active autoship pays with the card), switching an autoship's card, another
// customer's card answered 404, and `Cache-Control: private, no-store` on every answer.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as methodsAction, loader as methodsLoader } from "~/routes/account.payment-methods";
import { action as subscriptionsAction, loader as subscriptionsLoader } from "~/routes/account.autoships";
import { checkouts } from "~/services/checkout/index.server";
import { payments } from "~/services/payment/index.server";
import { callRoute, flashedNotice, formRequest, getRequest, Jar, ORIGIN, signedInJar } from "../helpers/routes";
import { ensureSeeded, TEST_ADDRESS } from "../helpers/seeded";

const DAY_MS = 86_400_000;
const PAGE = "/account/payment-methods";
const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" };
const MASTERCARD = { number: "5555555555554444", expMonth: 6, expYear: 2034, cvc: "321" };

let variant: { id: string; productId: string };
let productTitle: string;

beforeAll(async () => {
  await ensureSeeded();
  const found = await prisma.productVariant.findFirstOrThrow({
    where: { product: { soldOnDtc: true, autoshipEligible: true } },
    orderBy: { sku: "asc" },
    include: { product: { select: { title: true } } },
  });
  variant = found;
  productTitle = found.product.title;
});

const newCustomer = () =>
  prisma.customer.create({
    data: { site: "DTC", email: `cards-${crypto.randomUUID()}@example.com`, firstName: "Robin", lastName: "Lee" },
  });

async function save(customerId: string, card: typeof VISA, makeDefault?: boolean) {
  const result = await payments.tokenize({ card, customerId, makeDefault });
  if (!result.ok) throw new Error(result.message);
  return result.tokenId;
}

async function subscribe(
  customerId: string,
  tokenId: string | null,
  options: { inDays?: number; cancelled?: boolean } = {},
) {
  return prisma.subscription.create({
    data: {
      customerId,
      productId: variant.productId,
      variantId: variant.id,
      contractId: `SC-CARDS-${crypto.randomBytes(6).toString("hex")}`,
      sellingPlanId: "autoship-4w",
      frequencyDays: 28,
      frequency: "Every 4 weeks",
      quantity: 1,
      weight: 15.5,
      weightUnit: "lbs",
      startDate: new Date(Date.now() - 30 * DAY_MS),
      nextOrderDate: new Date(Date.now() + (options.inDays ?? 10) * DAY_MS),
      site: "DTC",
      paymentTokenId: tokenId,
      shippingAddress: JSON.stringify(TEST_ADDRESS),
      cancelled: options.cancelled ?? false,
      cancelReason: options.cancelled ? "Moving" : null,
    },
  });
}

const post = (jar: Jar, fields: Record<string, string>) =>
  callRoute(methodsAction, formRequest(PAGE, fields, jar), jar);
const postAutoship = (jar: Jar, fields: Record<string, string>) =>
  callRoute(subscriptionsAction, formRequest("/account/autoships", fields, jar), jar);

interface Reply {
  form?: string;
  target?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
}

interface PageData {
  cards: {
    id: string;
    label: string;
    expiry: string;
    isDefault: boolean;
    expired: boolean;
    autoships: { subscriptionId: string; productTitle: string; notice: string }[];
  }[];
  years: { value: string }[];
}

async function page(jar: Jar) {
  const response = await callRoute(methodsLoader, getRequest(PAGE, jar), jar);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as PageData;
}

describe("Payment Methods page (docs/rules.md 'Saved cards')", () => {
  it("sends a guest to sign in", async () => {
    const response = await callRoute(methodsLoader, new Request(`${ORIGIN}${PAGE}`), new Jar());
    expect(response.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
    const posted = await post(new Jar(), { intent: "remove", tokenId: "tok_x" });
    expect(posted.headers.get("Location")).toMatch(/^\/shelter\/login\?redirect=/);
  });

  it("lists the cards, the default first, with expiry, Expired, and each active autoship's expiring flag", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const now = new Date();
    // Works this month, so it has not expired yet but will have by an order two months ahead.
    const soon = await save(customer.id, {
      ...MASTERCARD,
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    });
    const visa = await save(customer.id, VISA, true);
    const old = `tok_${crypto.randomBytes(12).toString("hex")}`;
    await prisma.paymentToken.create({
      data: { id: old, customerId: customer.id, brand: "amex", last4: "0005", expMonth: 1, expYear: 2020 },
    });
    const flagged = await subscribe(customer.id, soon, { inDays: 62 });
    await subscribe(customer.id, soon, { inDays: 62, cancelled: true });
    await subscribe(customer.id, visa, { inDays: 62 });

    const data = await page(jar);
    expect(data.cards.map((c) => c.id)).toEqual([visa, old, soon]);
    expect(data.cards[0]).toMatchObject({
      label: "Visa ending 4242",
      expiry: "12/2035",
      isDefault: true,
      expired: false,
    });
    expect(data.cards[1]).toMatchObject({ label: "American Express ending 0005", expired: true, autoships: [] });
    expect(data.cards[2].autoships).toEqual([
      expect.objectContaining({
        subscriptionId: flagged.id,
        productTitle,
        notice: expect.stringMatching(/^Mastercard ending 4444 expires /),
      }),
    ]);
    expect(data.cards[0].autoships).toEqual([]);
    expect(data.years[0].value).toBe(String(now.getUTCFullYear()));
  });

  it("adds a card: tokenized, a notice, the number never stored or sent back; the same card again is kept once", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const fields = {
      intent: "add-card",
      cardNumber: "4242 4242 4242 4242",
      expMonth: "12",
      expYear: "2035",
      cvc: "123",
    };
    const added = await post(jar, fields);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(PAGE);
    expect(await flashedNotice(jar)).toEqual({ tone: "success", message: "Visa ending 4242 was added." });
    const cards = await payments.listCards(customer.id);
    expect(cards).toEqual([expect.objectContaining({ brand: "visa", last4: "4242", isDefault: true })]);
    const stored = await prisma.paymentToken.findMany({ where: { customerId: customer.id } });
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");

    expect((await post(jar, fields)).status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({ tone: "success", message: "Visa ending 4242 is already saved." });
    expect(await payments.listCards(customer.id)).toHaveLength(1);

    // "Make this my default card" makes the new one the default.
    const mc = { intent: "add-card", cardNumber: "5555555555554444", expMonth: "6", expYear: "2034", cvc: "321" };
    expect((await post(jar, { ...mc, makeDefault: "on" })).status).toBe(302);
    expect((await payments.listCards(customer.id)).map((c) => [c.last4, c.isDefault])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
  });

  it("refuses a bad card beside its field, never echoing the number or security code", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const base = { intent: "add-card", cardNumber: "4242424242424241", expMonth: "12", expYear: "2035", cvc: "123" };
    const invalid = await post(jar, base);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await invalid.text();
    const reply = JSON.parse(body) as Reply;
    expect(reply.form).toBe("add-card");
    expect(reply.error?.cardNumber).toEqual(["Check the card number: it is not a valid card."]);
    expect(body).not.toContain("4242424242424241");
    expect(body).not.toContain('"123"');

    // Expired: the payment service's answer, beside the month.
    const expired = await post(jar, { ...base, cardNumber: "4242424242424242", expMonth: "1", expYear: "2020" });
    expect(expired.status).toBe(422);
    const expiredBody = await expired.text();
    expect((JSON.parse(expiredBody) as Reply).error?.expMonth).toEqual(["This card has expired. Use another card."]);
    expect(expiredBody).not.toContain("4242424242424242");

    const short = await post(jar, { ...base, cvc: "1" });
    expect(((await short.json()) as Reply).error?.cvc).toEqual(["Enter the 3- or 4-digit security code."]);
    expect(await payments.listCards(customer.id)).toEqual([]);

    const unknown = await post(jar, { intent: "steal" });
    expect(unknown.status).toBe(400);
  });

  it("makes a card the default (twice is harmless); another customer's card is a 404", async () => {
    const customer = await newCustomer();
    const stranger = await newCustomer();
    const jar = await signedInJar(customer.id);
    await save(customer.id, VISA);
    const mastercard = await save(customer.id, MASTERCARD);
    const theirs = await save(stranger.id, VISA);
    for (let i = 0; i < 2; i++) {
      const response = await post(jar, { intent: "make-default", tokenId: mastercard });
      expect(response.status).toBe(302);
      expect(await flashedNotice(jar)).toEqual({
        tone: "success",
        message: "Mastercard ending 4444 is now your default card.",
      });
    }
    expect((await payments.listCards(customer.id))[0]).toMatchObject({ id: mastercard, isDefault: true });

    for (const tokenId of [theirs, "tok_unknown", ""]) {
      const response = await post(jar, { intent: "make-default", tokenId });
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await payments.listCards(stranger.id))[0]).toMatchObject({ id: theirs, isDefault: true });
  });

  it("removes a card; a card paying for an active autoship is refused, naming it; another's card or a removed one is a 404", async () => {
    const customer = await newCustomer();
    const stranger = await newCustomer();
    const jar = await signedInJar(customer.id);
    const visa = await save(customer.id, VISA);
    const mastercard = await save(customer.id, MASTERCARD);
    const theirs = await save(stranger.id, MASTERCARD);
    const sub = await subscribe(customer.id, visa);
    await subscribe(customer.id, mastercard, { cancelled: true });

    const refused = await post(jar, { intent: "remove", tokenId: visa });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    const reply = (await refused.json()) as Reply;
    expect(reply).toMatchObject({ form: "remove", target: visa });
    expect(reply.error?.[""]).toEqual([
      `This card pays for your subscription of ${productTitle}. Switch your subscription of ${productTitle} to another card first.`,
    ]);
    expect(await payments.listCards(customer.id)).toHaveLength(2);

    // Only a cancelled autoship is paid with the Mastercard: it may go.
    expect((await post(jar, { intent: "remove", tokenId: mastercard })).status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({ tone: "success", message: "Mastercard ending 4444 was removed." });
    expect((await post(jar, { intent: "remove", tokenId: mastercard })).status).toBe(404);
    expect((await post(jar, { intent: "remove", tokenId: theirs })).status).toBe(404);
    expect(await payments.listCards(stranger.id)).toHaveLength(1);

    // Switched to another card, the Visa may go.
    const other = await save(customer.id, { ...VISA, expYear: 2036 });
    expect((await postAutoship(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: other })).status).toBe(
      302,
    );
    expect((await post(jar, { intent: "remove", tokenId: visa })).status).toBe(302);
    expect((await payments.listCards(customer.id)).map((c) => c.id)).toEqual([other]);
  });
});

describe("an autoship's card on My Autoships (docs/rules.md 'Saved cards')", () => {
  it("the page gives the cards, each subscription's card and its expiring flag", async () => {
    const customer = await newCustomer();
    const jar = await signedInJar(customer.id);
    const now = new Date();
    const visa = await save(customer.id, VISA);
    const soon = await save(customer.id, {
      ...MASTERCARD,
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    });
    const fine = await subscribe(customer.id, visa, { inDays: 62 });
    const flagged = await subscribe(customer.id, soon, { inDays: 62 });
    const response = await callRoute(subscriptionsLoader, getRequest("/account/autoships", jar), jar);
    const data = (await response.json()) as {
      cards: { value: string; label: string }[];
      subscriptions: { id: string; paymentTokenId: string; cardNotice: string | null }[];
    };
    expect(data.cards).toEqual([
      { value: visa, label: "Visa ending 4242, expires 12/2035" },
      { value: soon, label: expect.stringMatching(/^Mastercard ending 4444, expires \d\d\/\d{4}$/) },
    ]);
    const byId = new Map(data.subscriptions.map((s) => [s.id, s]));
    expect(byId.get(fine.id)).toMatchObject({ paymentTokenId: visa, cardNotice: null });
    expect(byId.get(flagged.id)?.cardNotice).toMatch(
      /^Mastercard ending 4444 expires .+ Choose another card or add a new one\.$/,
    );
  });

  it("switches a subscription's card with a notice; another's card is a 404; a card expired by the next order is refused beside the select", async () => {
    const customer = await newCustomer();
    const stranger = await newCustomer();
    const jar = await signedInJar(customer.id);
    const now = new Date();
    const visa = await save(customer.id, VISA);
    const mastercard = await save(customer.id, MASTERCARD);
    const soon = await save(customer.id, { ...VISA, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() });
    const theirs = await save(stranger.id, VISA);
    const sub = await subscribe(customer.id, visa, { inDays: 62 });

    const switched = await postAutoship(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: mastercard });
    expect(switched.status).toBe(302);
    expect(await flashedNotice(jar)).toEqual({
      tone: "success",
      message: `Your subscription of ${productTitle} is now paid with Mastercard ending 4444.`,
    });
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).paymentTokenId).toBe(mastercard);

    for (const tokenId of [theirs, "tok_unknown"]) {
      expect((await postAutoship(jar, { intent: "change-card", subscriptionId: sub.id, tokenId })).status).toBe(404);
    }
    const expiring = await postAutoship(jar, { intent: "change-card", subscriptionId: sub.id, tokenId: soon });
    expect(expiring.status).toBe(400);
    const reply = (await expiring.json()) as Reply;
    expect(reply).toMatchObject({ form: "change-card", target: sub.id });
    expect(reply.error?.tokenId?.[0]).toMatch(
      /^Visa ending 4242 expires \d\d\/\d{4}, before the next order\. Choose another card\.$/,
    );
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } })).paymentTokenId).toBe(mastercard);

    // Another customer's subscription is a 404 too, and keeps its card.
    const strangers = await subscribe(stranger.id, theirs);
    expect(
      (await postAutoship(jar, { intent: "change-card", subscriptionId: strangers.id, tokenId: visa })).status,
    ).toBe(404);
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: strangers.id } })).paymentTokenId).toBe(theirs);
  });
});

describe("checkout's payment step (docs/rules.md 'Saved cards')", () => {
  it("offers the saved cards as the payment service lists them: the default first, then the newest", async () => {
    const customer = await newCustomer();
    const visa = await save(customer.id, VISA);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const mastercard = await save(customer.id, MASTERCARD);
    expect((await checkouts.savedCards(customer.id)).map((c) => c.id)).toEqual([visa, mastercard]);
    await payments.setDefaultCard(customer.id, mastercard);
    expect((await checkouts.savedCards(customer.id)).map((c) => c.id)).toEqual([mastercard, visa]);
    expect(await checkouts.savedCards((await newCustomer()).id)).toEqual([]);
  });
});
