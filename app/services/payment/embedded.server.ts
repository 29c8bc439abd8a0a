// The embedded payment provider: Luhn-valid test cards with a future expiry are
// accepted, except the documented failing numbers; saved cards become tokens
// that later charges (autoship) can use. Card numbers are never stored.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { cardNotExpired, luhnValid } from "~/models/checkout";
import type { ChargeInput, DeclineCode, PaymentProvider } from "./types";

/** Test numbers that always fail, and how (documented in docs/api.md and the README). */
export const DECLINING_TEST_CARDS: Readonly<
  Record<string, Exclude<DeclineCode, "invalid_card" | "expired_card" | "token_not_found">>
> = {
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
};

const MESSAGES: Record<DeclineCode, string> = {
  invalid_card: "Check the card number: it is not a valid card.",
  expired_card: "This card has expired. Use another card.",
  card_declined: "Your card was declined. Use another card or contact your bank.",
  insufficient_funds: "Your card was declined for insufficient funds. Use another card.",
  token_not_found: "The saved card is no longer available. Add a card.",
};

const declined = (code: DeclineCode): { ok: false; code: DeclineCode; message: string } => ({
  ok: false,
  code,
  message: MESSAGES[code],
});

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (digits.startsWith("6")) return "discover";
  return "card";
}

/** Tokens looked up per query by `cardsByIds`. */
const CARD_LOOKUP_SLICE = 500;

/** The payment provider backed by our own database. */
export function createEmbeddedPayments(db: PrismaClient, now: () => Date = () => new Date()): PaymentProvider {
  const record = async (
    input: ChargeInput,
    status: "succeeded" | "declined",
    tokenId: string | null,
    code?: string,
  ) => {
    const id = `pay_${crypto.randomBytes(12).toString("base64url")}`;
    await db.payment.create({
      data: {
        id,
        amountCents: input.amountCents,
        currencyCode: input.currencyCode ?? "USD",
        status,
        declineCode: code ?? null,
        tokenId,
      },
    });
    return id;
  };

  return {
    async charge(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError("amountCents must be a positive whole number of cents");
      }
      if (input.tokenId) {
        const token = await db.paymentToken.findUnique({ where: { id: input.tokenId } });
        if (!token || (input.customerId !== undefined && token.customerId !== input.customerId)) {
          return declined("token_not_found");
        }
        if (!cardNotExpired(token.expMonth, token.expYear, now())) return declined("expired_card");
        if (token.declineCode) {
          const code = token.declineCode as DeclineCode;
          await record(input, "declined", token.id, code);
          return declined(code);
        }
        return {
          ok: true,
          paymentId: await record(input, "succeeded", token.id),
          tokenId: token.id,
          last4: token.last4,
        };
      }
      const card = input.card;
      if (!card || !luhnValid(card.number) || !/^\d{3,4}$/.test(card.cvc)) return declined("invalid_card");
      if (!cardNotExpired(card.expMonth, card.expYear, now())) return declined("expired_card");
      const digits = card.number.replace(/\D/g, "");
      const failure = DECLINING_TEST_CARDS[digits];
      if (failure) {
        await record(input, "declined", null, failure);
        return declined(failure);
      }
      let tokenId: string | null = null;
      if (input.saveCard) {
        tokenId = `tok_${crypto.randomBytes(18).toString("base64url")}`;
        await db.paymentToken.create({
          data: {
            id: tokenId,
            customerId: input.customerId ?? null,
            brand: brandOf(digits),
            last4: digits.slice(-4),
            expMonth: card.expMonth,
            expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
          },
        });
      }
      return { ok: true, paymentId: await record(input, "succeeded", tokenId), tokenId, last4: digits.slice(-4) };
    },

    async refund({ paymentId, amountCents, idempotencyKey }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new RangeError("amountCents must be a positive whole number of cents");
      }
      return db.$transaction(async (tx) => {
        const earlier = await tx.paymentRefund.findUnique({ where: { idempotencyKey } });
        if (earlier) return { ok: true as const, refundId: earlier.id };
        // Compare-and-set: only while enough of the charge is left, so two refunds never give back more than it.
        const payment = await tx.payment.findUnique({ where: { id: paymentId } });
        if (!payment || payment.status === "declined") {
          return { ok: false as const, message: "There is no successful charge to refund.", retryable: false };
        }
        const left = payment.amountCents - payment.refundedCents;
        if (amountCents > left) {
          return {
            ok: false as const,
            message: `Only ${left} cents of this charge are left to refund.`,
            retryable: false,
          };
        }
        const taken = await tx.payment.updateMany({
          where: { id: paymentId, refundedCents: payment.refundedCents },
          data: {
            refundedCents: payment.refundedCents + amountCents,
            ...(amountCents === left ? { status: "refunded" } : {}),
          },
        });
        if (taken.count === 0) {
          return { ok: false as const, message: "The charge changed meanwhile; try again.", retryable: true };
        }
        const refund = await tx.paymentRefund.create({
          data: { id: `re_${crypto.randomBytes(12).toString("base64url")}`, paymentId, amountCents, idempotencyKey },
        });
        return { ok: true as const, refundId: refund.id };
      });
    },

    async tokenize({ card, customerId, makeDefault }) {
      if (!luhnValid(card.number) || !/^\d{3,4}$/.test(card.cvc)) return declined("invalid_card");
      if (!cardNotExpired(card.expMonth, card.expYear, now())) return declined("expired_card");
      const digits = card.number.replace(/\D/g, "");
      const token = {
        id: `tok_${crypto.randomBytes(18).toString("base64url")}`,
        customerId,
        brand: brandOf(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        // Like a real provider's test cards, the failing numbers tokenize and then decline when charged.
        declineCode: DECLINING_TEST_CARDS[digits] ?? null,
      };
      const saved = await db.$transaction(async (tx) => {
        const same = customerId
          ? await tx.paymentToken.findFirst({
              where: {
                customerId,
                brand: token.brand,
                last4: token.last4,
                expMonth: token.expMonth,
                expYear: token.expYear,
              },
            })
          : null;
        const id = same?.id ?? token.id;
        if (!same) await tx.paymentToken.create({ data: token });
        if (customerId) {
          const hasDefault = await tx.paymentToken.count({ where: { customerId, isDefault: true, id: { not: id } } });
          if (makeDefault || hasDefault === 0) await setDefault(tx, customerId, id);
        }
        return same ?? token;
      });
      return {
        ok: true,
        tokenId: saved.id,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
      };
    },

    async listCards(customerId) {
      return db.paymentToken.findMany({
        where: { customerId },
        orderBy: [{ isDefault: "desc" }, { createdAt: "desc" }, { id: "desc" }],
        select: { id: true, brand: true, last4: true, expMonth: true, expYear: true, isDefault: true },
      });
    },

    async cardsByIds(tokenIds) {
      const ids = [...new Set(tokenIds)];
      const found = [];
      // In slices, so a long reminder list never exceeds a database's parameter limit.
      for (let i = 0; i < ids.length; i += CARD_LOOKUP_SLICE) {
        found.push(
          ...(await db.paymentToken.findMany({
            where: { id: { in: ids.slice(i, i + CARD_LOOKUP_SLICE) } },
            select: {
              id: true,
              customerId: true,
              brand: true,
              last4: true,
              expMonth: true,
              expYear: true,
              isDefault: true,
            },
          })),
        );
      }
      return found;
    },

    async setDefaultCard(customerId, tokenId) {
      return db.$transaction(async (tx) => {
        const card = await tx.paymentToken.findFirst({ where: { id: tokenId, customerId } });
        if (!card) return false;
        await setDefault(tx, customerId, tokenId);
        return true;
      });
    },

    async removeCard(customerId, tokenId) {
      return db.$transaction(async (tx) => {
        const removed = await tx.paymentToken.deleteMany({ where: { id: tokenId, customerId } });
        if (removed.count === 0) return false;
        const left = await tx.paymentToken.findMany({
          where: { customerId },
          orderBy: [{ isDefault: "desc" }, { createdAt: "desc" }, { id: "desc" }],
          take: 1,
        });
        if (left[0] && !left[0].isDefault) await setDefault(tx, customerId, left[0].id);
        return true;
      });
    },
  };
}

/** One default card per customer: the others are cleared in the same transaction. */
async function setDefault(tx: Prisma.TransactionClient, customerId: string, tokenId: string): Promise<void> {
  await tx.paymentToken.updateMany({
    where: { customerId, isDefault: true, id: { not: tokenId } },
    data: { isDefault: false },
  });
  await tx.paymentToken.update({ where: { id: tokenId }, data: { isDefault: true } });
}
