// The embedded payment provider's saved cards (docs/rules.md "Saved cards"): listing (the
// default first, then the newest), one default per customer, the same card saved once,
// removal handing the default on, and nothing of another customer's.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { createEmbeddedPayments } from "~/services/payment/embedded.server";
import { createTestDatabase } from "../helpers/db";

let db: PrismaClient;
const NOW = new Date(Date.UTC(2026, 10, 22));
const VISA = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };
const MASTERCARD = { number: "5555 5555 5555 4444", expMonth: 3, expYear: 2029, cvc: "321" };
const AMEX = { number: "3782 822463 10005", expMonth: 7, expYear: 2031, cvc: "1234" };

beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

afterAll(async () => {
  await db.$disconnect();
});

const payments = () => createEmbeddedPayments(db, () => NOW);

const newCustomer = () =>
  db.customer.create({
    data: { site: "DTC", email: `cards-${crypto.randomUUID()}@example.com`, firstName: "C", lastName: "D" },
  });

async function save(customerId: string, card: typeof VISA, makeDefault?: boolean) {
  const result = await payments().tokenize({ card, customerId, makeDefault });
  if (!result.ok) throw new Error(result.message);
  return result.tokenId;
}

/** Saved one after another, so "newest" is well defined on both databases. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("saved cards of the embedded payment provider (docs/rules.md 'Saved cards')", () => {
  it("the first card becomes the default; later ones do not unless asked; the list has the default first, then the newest", async () => {
    const { id } = await newCustomer();
    const visa = await save(id, VISA);
    await pause();
    const mastercard = await save(id, MASTERCARD);
    await pause();
    const amex = await save(id, AMEX);
    const cards = await payments().listCards(id);
    expect(cards.map((c) => c.id)).toEqual([visa, amex, mastercard]);
    expect(cards[0]).toEqual({ id: visa, brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, isDefault: true });
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);
    expect(cards.find((c) => c.id === amex)).toMatchObject({ brand: "amex", last4: "0005", isDefault: false });
    // Never the number.
    const stored = await db.paymentToken.findMany({ where: { customerId: id } });
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|5555555555554444|378282246310005/);
  });

  it("a card saved with makeDefault takes the default from the one before, keeping one default", async () => {
    const { id } = await newCustomer();
    const visa = await save(id, VISA);
    const mastercard = await save(id, MASTERCARD, true);
    const cards = await payments().listCards(id);
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [mastercard, true],
      [visa, false],
    ]);
  });

  it("the same card saved again answers the card already saved (and may become the default)", async () => {
    const { id } = await newCustomer();
    const visa = await save(id, VISA);
    const mastercard = await save(id, MASTERCARD);
    expect(await save(id, { ...VISA, cvc: "999" })).toBe(visa);
    expect(await payments().listCards(id)).toHaveLength(2);
    expect(await save(id, MASTERCARD, true)).toBe(mastercard);
    expect((await payments().listCards(id)).map((c) => [c.id, c.isDefault])).toEqual([
      [mastercard, true],
      [visa, false],
    ]);
    // Another expiry is another card.
    expect(await save(id, { ...VISA, expYear: 2032 })).not.toBe(visa);
    expect(await payments().listCards(id)).toHaveLength(3);
  });

  it("setDefaultCard: one default; twice is harmless; another customer's card is false and changes nothing", async () => {
    const { id } = await newCustomer();
    const stranger = await newCustomer();
    const visa = await save(id, VISA);
    const mastercard = await save(id, MASTERCARD);
    const theirs = await save(stranger.id, AMEX);
    expect(await payments().setDefaultCard(id, mastercard)).toBe(true);
    expect(await payments().setDefaultCard(id, mastercard)).toBe(true);
    expect((await payments().listCards(id)).map((c) => [c.id, c.isDefault])).toEqual([
      [mastercard, true],
      [visa, false],
    ]);
    expect(await payments().setDefaultCard(id, theirs)).toBe(false);
    expect(await payments().setDefaultCard(stranger.id, visa)).toBe(false);
    expect(await payments().setDefaultCard(id, "tok_unknown")).toBe(false);
    expect((await payments().listCards(stranger.id))[0]).toMatchObject({ id: theirs, isDefault: true });
    expect((await payments().listCards(id))[0]).toMatchObject({ id: mastercard, isDefault: true });
  });

  it("removeCard: the newest card left becomes the default; removed twice or not theirs is false", async () => {
    const { id } = await newCustomer();
    const stranger = await newCustomer();
    const visa = await save(id, VISA);
    await pause();
    const mastercard = await save(id, MASTERCARD);
    await pause();
    const amex = await save(id, AMEX);
    expect(await payments().removeCard(stranger.id, visa)).toBe(false);
    expect(await payments().removeCard(id, visa)).toBe(true);
    expect(await payments().removeCard(id, visa)).toBe(false);
    expect((await payments().listCards(id)).map((c) => [c.id, c.isDefault])).toEqual([
      [amex, true],
      [mastercard, false],
    ]);
    // Removing a card that is not the default leaves the default alone.
    expect(await payments().removeCard(id, mastercard)).toBe(true);
    expect(await payments().listCards(id)).toEqual([expect.objectContaining({ id: amex, isDefault: true })]);
    expect(await payments().removeCard(id, amex)).toBe(true);
    expect(await payments().listCards(id)).toEqual([]);
    // A removed card cannot be charged.
    expect(await payments().charge({ amountCents: 100, tokenId: visa, customerId: id })).toMatchObject({
      ok: false,
      code: "token_not_found",
    });
  });

  it("tokenize refuses an invalid or expired card and saves nothing", async () => {
    const { id } = await newCustomer();
    expect(
      await payments().tokenize({ card: { ...VISA, number: "4242 4242 4242 4241" }, customerId: id }),
    ).toMatchObject({ ok: false, code: "invalid_card" });
    expect(await payments().tokenize({ card: { ...VISA, expMonth: 10, expYear: 2026 }, customerId: id })).toMatchObject(
      { ok: false, code: "expired_card", message: "This card has expired. Use another card." },
    );
    expect(await payments().listCards(id)).toEqual([]);
  });

  it("cardsByIds reads many cards with their owners in one lookup; unknown tokens are left out", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const visa = await save(a.id, VISA);
    const amex = await save(b.id, AMEX);
    const found = await payments().cardsByIds([visa, amex, visa, "tok_unknown"]);
    expect(found.sort((x, y) => x.last4.localeCompare(y.last4))).toEqual([
      { id: amex, customerId: b.id, brand: "amex", last4: "0005", expMonth: 7, expYear: 2031, isDefault: true },
      { id: visa, customerId: a.id, brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, isDefault: true },
    ]);
    expect(await payments().cardsByIds([])).toEqual([]);
  });
});
