// Carts of the embedded commerce provider (shop-core spec sections 3-5 and 7).
// Every mutation runs in one transaction, so concurrent posts to one cart are
// applied one after another and never push it past its limits.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { MAX_AUTOSHIP_PER_LINE, MAX_ITEMS_PER_ORDER, normalizeQuantity } from "~/models/cart-limits";
import { quantityThatFits, type CartLineView } from "~/models/cart";
import { quantitySchema } from "~/models/cart-input";
import { lineSubtotalCents } from "~/models/pricing";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import type { WeightUnit } from "~/models/weight";
import { serviceErrorWithStatus } from "~/models/service-error";

/** Where a cart's checkout starts (the checkout issue builds it). */
export const CHECKOUT_PATH = "/checkout";

export type CartErrorCode =
  | "CART_NOT_FOUND"
  | "VARIANT_NOT_FOUND"
  | "LINE_NOT_FOUND"
  | "SELLING_PLAN_INVALID"
  | "INVALID_QUANTITY"
  | "COMMERCE_UNAVAILABLE";

/** The HTTP status each refusal is answered with (docs/rules.md "Service errors know their status"). */
const CART_ERROR_STATUS: Record<CartErrorCode, number> = {
  CART_NOT_FOUND: 404,
  LINE_NOT_FOUND: 404,
  VARIANT_NOT_FOUND: 404,
  SELLING_PLAN_INVALID: 400,
  INVALID_QUANTITY: 400,
  // The commerce platform (Shopify) cannot be reached just now: the cart is unchanged.
  COMMERCE_UNAVAILABLE: 503,
};

/** A refused cart change: the cart is left as it was. */
export class CartError extends serviceErrorWithStatus<CartErrorCode>("CartError", CART_ERROR_STATUS) {}

export interface Attribute {
  key: string;
  value: string;
}

export interface CartLineInput {
  /** Variant id (spec: merchandiseId). */
  merchandiseId: string;
  quantity: number;
  attributes?: Attribute[];
  sellingPlanId?: string | null;
}

export interface CartLineUpdate {
  id: string;
  quantity?: number;
  sellingPlanId?: string | null;
  attributes?: Attribute[];
}

export interface BuyerIdentity {
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  customerAccessToken?: string | null;
}

export interface Cart {
  id: string;
  site: SiteId;
  customerId: string | null;
  checkoutUrl: string;
  totalQuantity: number;
  lines: CartLineView[];
  cost: {
    subtotalAmount: { amount: string; currencyCode: string };
    totalAmount: { amount: string; currencyCode: string };
  };
  buyerIdentity: { email: string | null; phone: string | null; countryCode: string | null };
  attributes: Attribute[];
  note: string | null;
  discountCodes: string[];
}

/** What a change did beyond the cart itself: clamped quantities, a discarded cart. */
export interface CartNotice {
  code: "QUANTITY_CLAMPED" | "NOTHING_ADDED" | "LINE_REMOVED";
  message: string;
  lineId?: string;
  variantId?: string;
}

export interface CartResult {
  /** The cart after the change; null when it was discarded, or when the caller asked for none. */
  cart: Cart | null;
  /** The cart's id; null when the change emptied the cart and it was discarded. */
  cartId: string | null;
  notices: CartNotice[];
}

export interface ChangeOptions {
  /** Read the whole cart back (default true). A form post that redirects needs only the id. */
  withCart?: boolean;
}

const lineSelect = {
  id: true,
  quantity: true,
  sellingPlanId: true,
  attributes: true,
  sellingPlan: { select: { name: true } },
  variant: {
    select: {
      id: true,
      sku: true,
      title: true,
      size: true,
      url: true,
      priceCents: true,
      compareAtPriceCents: true,
      weightValue: true,
      weightUnit: true,
      inventory: true,
      images: { take: 1, orderBy: { position: "asc" }, select: { url: true } },
      product: {
        select: {
          title: true,
          productType: true,
          brand: true,
          images: { where: { variantId: null }, take: 1, orderBy: { position: "asc" }, select: { url: true } },
        },
      },
    },
  },
} as const satisfies Prisma.CartLineSelect;

const cartSelect = {
  id: true,
  site: true,
  customerId: true,
  note: true,
  attributes: true,
  discountCodes: true,
  buyerEmail: true,
  buyerPhone: true,
  buyerCountryCode: true,
  currencyCode: true,
  lines: { orderBy: { createdAt: "asc" }, select: lineSelect },
} as const satisfies Prisma.CartSelect;

type CartRow = Prisma.CartGetPayload<{ select: typeof cartSelect }>;
type Tx = Prisma.TransactionClient;

function parseAttributes(json: string): Attribute[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((a): a is Attribute => typeof a?.key === "string" && typeof a?.value === "string")
      : [];
  } catch {
    return [];
  }
}

const money = (cents: number, currencyCode: string) => ({ amount: (cents / 100).toFixed(2), currencyCode });

function toCart(row: CartRow): Cart {
  const lines: CartLineView[] = row.lines.map((line) => ({
    id: line.id,
    variantId: line.variant.id,
    sku: line.variant.sku,
    productTitle: line.variant.product.title,
    productType: line.variant.product.productType,
    brand: line.variant.product.brand,
    variantTitle: line.variant.title,
    size: line.variant.size,
    url: line.variant.url,
    imageUrl: line.variant.images[0]?.url ?? line.variant.product.images[0]?.url ?? null,
    quantity: line.quantity,
    unitPriceCents: line.variant.priceCents,
    compareAtPriceCents: line.variant.compareAtPriceCents,
    sellingPlanId: line.sellingPlanId,
    sellingPlanName: line.sellingPlan?.name ?? null,
    weightValue: line.variant.weightValue,
    weightUnit: line.variant.weightUnit as WeightUnit,
    inventory: line.variant.inventory,
    attributes: parseAttributes(line.attributes),
  }));
  // Prices stay server-side: the cart's cost is what the lines say today, autoship lines at the autoship price.
  const subtotal = lines.reduce((sum, line) => sum + lineSubtotalCents(line), 0);
  return {
    id: row.id,
    site: row.site as SiteId,
    customerId: row.customerId,
    checkoutUrl: `${CHECKOUT_PATH}?cart=${encodeURIComponent(row.id)}`,
    totalQuantity: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    lines,
    cost: { subtotalAmount: money(subtotal, row.currencyCode), totalAmount: money(subtotal, row.currencyCode) },
    buyerIdentity: { email: row.buyerEmail, phone: row.buyerPhone, countryCode: row.buyerCountryCode },
    attributes: parseAttributes(row.attributes),
    note: row.note,
    discountCodes: row.discountCodes.split(",").filter(Boolean),
  };
}

/** An unguessable cart id: 192 random bits, URL-safe (at least 128 needed). */
export function newCartId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * What an add did beyond adding (shop-core spec section 5): nothing, because the line holds the
 * most allowed, or less than asked. Every provider's carts say it in these words.
 */
export function fitNotice(
  fit: { quantity: number; clamped: boolean },
  line: { title: string; autoship: boolean; variantId: string; lineId?: string },
): CartNotice | null {
  const max = line.autoship ? MAX_AUTOSHIP_PER_LINE : MAX_ITEMS_PER_ORDER;
  const onAutoship = line.autoship ? " on autoship" : "";
  if (fit.quantity === 0) {
    return {
      code: "NOTHING_ADDED",
      message: `You already have the most we allow (${max}) of ${line.title}${onAutoship}.`,
      variantId: line.variantId,
      lineId: line.lineId,
    };
  }
  if (!fit.clamped) return null;
  return {
    code: "QUANTITY_CLAMPED",
    message: `Only ${fit.quantity} added: ${max} is the most of one item${onAutoship}.`,
    variantId: line.variantId,
    lineId: line.lineId,
  };
}

/** What an update to a quantity above its line's most says (the normaliser of shop-core spec section 5). */
export function normalizedNotice(normalized: number, line: { autoship: boolean; lineId: string }): CartNotice {
  return {
    code: "QUANTITY_CLAMPED",
    message: `The most of one item ${line.autoship ? "on autoship " : ""}is ${normalized}.`,
    lineId: line.lineId,
  };
}

/** Weight attributes a line carries (catalogue spec section 3: _weightValue, _weightUnit, default lbs). */
export function weightAttributes(
  variant: { weightValue: number; weightUnit: string },
  given: Attribute[] = [],
): Attribute[] {
  const rest = given.filter((a) => a.key !== "_weightValue" && a.key !== "_weightUnit");
  return [
    ...rest,
    { key: "_weightValue", value: String(variant.weightValue) },
    { key: "_weightUnit", value: variant.weightUnit || "lbs" },
  ];
}

/** The quantity rule of app/models/cart-input.ts, for callers that did not go through its schemas. */
export function checkQuantity(quantity: number, field = "quantity", allowZero = false) {
  const result = quantitySchema(allowZero ? 0 : 1).safeParse(quantity);
  if (!result.success) throw new CartError("INVALID_QUANTITY", result.error.issues[0].message, field);
}

async function sellableVariant(tx: Tx, site: SiteId, variantId: string, field = "merchandiseId") {
  const variant = await tx.productVariant.findFirst({
    where: { id: variantId, product: { [sitePolicy(site).soldOnFlag]: true } },
    select: {
      id: true,
      weightValue: true,
      weightUnit: true,
      product: { select: { autoshipEligible: true, title: true } },
    },
  });
  if (!variant) throw new CartError("VARIANT_NOT_FOUND", "That product is not available.", field);
  return variant;
}

async function checkSellingPlan(
  tx: Tx,
  sellingPlanId: string | null | undefined,
  autoshipEligible: boolean,
  field = "sellingPlanId",
) {
  if (!sellingPlanId) return null;
  const plan = await tx.sellingPlan.findUnique({ where: { id: sellingPlanId }, select: { id: true } });
  if (!plan || !autoshipEligible) {
    throw new CartError("SELLING_PLAN_INVALID", "That autoship frequency is not available for this product.", field);
  }
  return plan.id;
}

async function readCart(tx: Tx | PrismaClient, cartId: string): Promise<Cart | null> {
  const row = await tx.cart.findUnique({ where: { id: cartId }, select: cartSelect });
  return row ? toCart(row) : null;
}

/** The cart after a change; an emptied cart is discarded (shop-core spec section 4). */
async function finish(
  tx: Tx,
  cartId: string,
  notices: CartNotice[],
  options: ChangeOptions & { created?: boolean } = {},
): Promise<CartResult> {
  const total = await tx.cartLine.aggregate({ where: { cartId }, _sum: { quantity: true } });
  if ((total._sum.quantity ?? 0) < 1) {
    await tx.cart.delete({ where: { id: cartId } });
    return { cart: null, cartId: null, notices };
  }
  // A cart made in this transaction is already fresh.
  if (!options.created) await tx.cart.update({ where: { id: cartId }, data: { updatedAt: new Date() } });
  return { cart: options.withCart === false ? null : await readCart(tx, cartId), cartId, notices };
}

async function requireCart(tx: Tx, cartId: string) {
  const cart = await tx.cart.findUnique({ where: { id: cartId }, select: { id: true, site: true } });
  if (!cart) throw new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");
  return { id: cart.id, site: cart.site as SiteId };
}

async function addLinesTx(tx: Tx, cart: { id: string; site: SiteId }, lines: CartLineInput[]): Promise<CartNotice[]> {
  const notices: CartNotice[] = [];
  for (const [i, input] of lines.entries()) {
    checkQuantity(input.quantity, `lines.${i}.quantity`);
    const variant = await sellableVariant(tx, cart.site, input.merchandiseId, `lines.${i}.merchandiseId`);
    const sellingPlanId = await checkSellingPlan(
      tx,
      input.sellingPlanId,
      variant.product.autoshipEligible,
      `lines.${i}.sellingPlanId`,
    );
    const autoship = sellingPlanId !== null;
    const existing = await tx.cartLine.findFirst({
      where: { cartId: cart.id, variantId: variant.id, sellingPlanId },
      select: { id: true, quantity: true },
    });
    // Shop-core spec section 5: add only what fits after what is already there.
    const fit = quantityThatFits(input.quantity, existing?.quantity ?? 0, { autoship });
    const notice = fitNotice(fit, {
      title: variant.product.title,
      autoship,
      variantId: variant.id,
      lineId: existing?.id,
    });
    if (notice) notices.push(notice);
    if (fit.quantity === 0) continue;
    if (existing) {
      await tx.cartLine.update({ where: { id: existing.id }, data: { quantity: existing.quantity + fit.quantity } });
    } else {
      await tx.cartLine.create({
        data: {
          cartId: cart.id,
          variantId: variant.id,
          sellingPlanId,
          quantity: fit.quantity,
          attributes: JSON.stringify(weightAttributes(variant, input.attributes)),
        },
      });
    }
  }
  return notices;
}

/** Cart operations of the embedded provider. */
export function createCarts(db: PrismaClient) {
  const transaction = <T>(work: (tx: Tx) => Promise<T>) => db.$transaction(work, { timeout: 15_000 });

  return {
    getCart: (cartId: string) => readCart(db, cartId),

    createCart(input: {
      site: SiteId;
      customerId?: string | null;
      buyerIdentity?: BuyerIdentity;
      lines?: CartLineInput[];
      attributes?: Attribute[];
      withCart?: boolean;
    }): Promise<CartResult> {
      return transaction(async (tx) => {
        const id = newCartId();
        await tx.cart.create({
          data: {
            id,
            site: input.site,
            customerId: input.customerId ?? null,
            buyerEmail: input.buyerIdentity?.email ?? null,
            buyerPhone: input.buyerIdentity?.phone ?? null,
            buyerCountryCode: input.buyerIdentity?.countryCode ?? null,
            attributes: JSON.stringify(input.attributes ?? []),
          },
        });
        const notices = await addLinesTx(tx, { id, site: input.site }, input.lines ?? []);
        // A new cart that received nothing is not kept.
        return input.lines?.length
          ? finish(tx, id, notices, { withCart: input.withCart, created: true })
          : { cart: await readCart(tx, id), cartId: id, notices };
      });
    },

    addLines(cartId: string, lines: CartLineInput[], options: ChangeOptions = {}): Promise<CartResult> {
      return transaction(async (tx) => {
        const cart = await requireCart(tx, cartId);
        const notices = await addLinesTx(tx, cart, lines);
        return finish(tx, cartId, notices, options);
      });
    },

    updateLines(cartId: string, updates: CartLineUpdate[], options: ChangeOptions = {}): Promise<CartResult> {
      return transaction(async (tx) => {
        await requireCart(tx, cartId);
        const notices: CartNotice[] = [];
        for (const [i, update] of updates.entries()) {
          const line = await tx.cartLine.findFirst({
            where: { id: update.id, cartId },
            select: {
              id: true,
              quantity: true,
              sellingPlanId: true,
              variant: {
                select: { weightValue: true, weightUnit: true, product: { select: { autoshipEligible: true } } },
              },
            },
          });
          if (!line) throw new CartError("LINE_NOT_FOUND", "That item is not in this cart.", `lines.${i}.id`);
          const sellingPlanId =
            update.sellingPlanId === undefined
              ? line.sellingPlanId
              : await checkSellingPlan(
                  tx,
                  update.sellingPlanId,
                  line.variant.product.autoshipEligible,
                  `lines.${i}.sellingPlanId`,
                );
          let quantity = update.quantity ?? line.quantity;
          checkQuantity(quantity, `lines.${i}.quantity`, true);
          if (quantity === 0) {
            await tx.cartLine.delete({ where: { id: line.id } });
            notices.push({ code: "LINE_REMOVED", message: "Item removed from your cart.", lineId: line.id });
            continue;
          }
          // Shop-core spec section 5 normaliser: autoship lines at most 5, others at most 10.
          const normalized = normalizeQuantity(quantity, { autoship: sellingPlanId !== null });
          if (normalized !== quantity) {
            notices.push(normalizedNotice(normalized, { autoship: sellingPlanId !== null, lineId: line.id }));
            quantity = normalized;
          }
          await tx.cartLine.update({
            where: { id: line.id },
            data: {
              quantity,
              sellingPlanId,
              // New attributes replace the shopper's own; the weight attributes always stay.
              ...(update.attributes
                ? { attributes: JSON.stringify(weightAttributes(line.variant, update.attributes)) }
                : {}),
            },
          });
        }
        return finish(tx, cartId, notices, options);
      });
    },

    removeLines(cartId: string, lineIds: string[], options: ChangeOptions = {}): Promise<CartResult> {
      return transaction(async (tx) => {
        await requireCart(tx, cartId);
        const removed = await tx.cartLine.deleteMany({ where: { cartId, id: { in: lineIds } } });
        if (removed.count !== new Set(lineIds).size) {
          throw new CartError("LINE_NOT_FOUND", "That item is not in this cart.", "lineIds");
        }
        return finish(tx, cartId, [], options);
      });
    },

    updateAttributes(cartId: string, attributes: Attribute[]): Promise<CartResult> {
      return transaction(async (tx) => {
        const row = await tx.cart.findUnique({ where: { id: cartId }, select: { attributes: true } });
        if (!row) throw new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");
        const merged = new Map(parseAttributes(row.attributes).map((a) => [a.key, a.value]));
        for (const { key, value } of attributes) merged.set(key, value);
        await tx.cart.update({
          where: { id: cartId },
          data: { attributes: JSON.stringify([...merged].map(([key, value]) => ({ key, value }))) },
        });
        return { cart: await readCart(tx, cartId), cartId, notices: [] };
      });
    },

    updateBuyerIdentity(cartId: string, identity: BuyerIdentity & { customerId?: string | null }): Promise<CartResult> {
      return transaction(async (tx) => {
        await requireCart(tx, cartId);
        await tx.cart.update({
          where: { id: cartId },
          data: {
            ...(identity.email !== undefined ? { buyerEmail: identity.email } : {}),
            ...(identity.phone !== undefined ? { buyerPhone: identity.phone } : {}),
            ...(identity.countryCode !== undefined ? { buyerCountryCode: identity.countryCode } : {}),
            ...(identity.customerId !== undefined ? { customerId: identity.customerId } : {}),
          },
        });
        return { cart: await readCart(tx, cartId), cartId, notices: [] };
      });
    },

    updateDiscountCodes(cartId: string, codes: string[]): Promise<CartResult> {
      return transaction(async (tx) => {
        await requireCart(tx, cartId);
        const clean = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
        await tx.cart.update({ where: { id: cartId }, data: { discountCodes: clean.join(",") } });
        return { cart: await readCart(tx, cartId), cartId, notices: [] };
      });
    },

    updateNote(cartId: string, note: string): Promise<CartResult> {
      return transaction(async (tx) => {
        await requireCart(tx, cartId);
        await tx.cart.update({ where: { id: cartId }, data: { note: note.trim() || null } });
        return { cart: await readCart(tx, cartId), cartId, notices: [] };
      });
    },
  };
}

export type Carts = ReturnType<typeof createCarts>;
