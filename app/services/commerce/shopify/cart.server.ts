// Carts on Shopify's Cart API (shop-core spec sections 3-5 and 7): the spec's nine cart calls
// map to cartCreate, cartLinesAdd, cartLinesUpdate, cartLinesRemove, cartAttributesUpdate,
// cartBuyerIdentityUpdate, cartDiscountCodesUpdate, cartNoteUpdate and cart. The shop's own
// limits (shop-core spec section 5) are checked before each call against the cart as Shopify
// holds it, with the same rules and words as the embedded carts; Shopify then applies its
// stock. The line's product facts (title, size, picture, weight) come from the catalogue
// snapshot, so a cart read is one small query. Shopify unreachable: CartError
// COMMERCE_UNAVAILABLE (503), the cart unchanged.
import { normalizeQuantity } from "~/models/cart-limits";
import { quantityThatFits, type CartLineView } from "~/models/cart";
import { imagesForVariant, soldOnSite } from "~/models/product";
import { SITE_IDS, type SiteId } from "~/models/site";
import { logger } from "~/services/observability/index.server";
import type { WeightUnit } from "~/models/weight";
import {
  CartError,
  checkQuantity,
  fitNotice,
  normalizedNotice,
  weightAttributes,
  type Attribute,
  type BuyerIdentity,
  type Cart,
  type CartLineInput,
  type CartLineUpdate,
  type CartNotice,
  type CartResult,
  type Carts,
  type ChangeOptions,
} from "~/services/commerce/cart.server";
import type { CatalogueProduct, CatalogueSnapshot } from "~/services/commerce/catalogue-snapshot.server";
import { ShopifyGraphQLError, ShopifyUnavailable, type StorefrontClient } from "./client.server";
import {
  CART,
  CART_ATTRIBUTES_UPDATE,
  CART_BUYER_IDENTITY_UPDATE,
  CART_CREATE,
  CART_DISCOUNT_CODES_UPDATE,
  CART_LINES_ADD,
  CART_LINES_REMOVE,
  CART_LINES_UPDATE,
  CART_NOTE_UPDATE,
} from "./documents";

/**
 * Cart attributes the shop owns (hidden at Shopify's checkout by their leading underscore); the
 * site's rides to the order as a note attribute, which orders/create reads.
 */
export const SITE_ATTRIBUTE = "_site";
const CUSTOMER_ATTRIBUTE = "_customer_id";
const OWNED = new Set([SITE_ATTRIBUTE, CUSTOMER_ATTRIBUTE]);

interface Money {
  amount: string;
  currencyCode: string;
}

/** A cart as the CartFields fragment (documents.ts) reads it. */
interface ShopifyCart {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  note: string | null;
  attributes: Attribute[];
  discountCodes: { code: string; applicable: boolean }[];
  buyerIdentity: { email: string | null; phone: string | null; countryCode: string | null };
  cost: { subtotalAmount: Money; totalAmount: Money };
  lines: {
    nodes: {
      id: string;
      quantity: number;
      attributes: Attribute[];
      merchandise: { id: string; sku: string | null };
      sellingPlanAllocation: { sellingPlan: { id: string; name: string } } | null;
    }[];
  };
}

interface Payload {
  cart: ShopifyCart | null;
  userErrors: { field: string[] | null; message: string; code: string | null }[];
  warnings: { code: string; message: string; target: string }[];
}

const isSiteId = (value: string): value is SiteId => (SITE_IDS as readonly string[]).includes(value);

/** Variant id → its product, per snapshot (built once for each snapshot the carts see). */
const variantIndexes = new WeakMap<CatalogueSnapshot, Map<string, CatalogueProduct>>();
function productOfVariant(snapshot: CatalogueSnapshot, variantId: string): CatalogueProduct | undefined {
  let index = variantIndexes.get(snapshot);
  if (!index) {
    index = new Map();
    for (const product of snapshot.products) for (const v of product.detail.variants) index.set(v.id, product);
    variantIndexes.set(snapshot, index);
  }
  return index.get(variantId);
}

// Shopify's CartErrorCode values (Storefront API 2026-04) the shop's own checks can still meet.
const USER_ERROR_CODES: Record<
  string,
  "VARIANT_NOT_FOUND" | "LINE_NOT_FOUND" | "SELLING_PLAN_INVALID" | "INVALID_QUANTITY"
> = {
  INVALID: "VARIANT_NOT_FOUND",
  MERCHANDISE_NOT_APPLICABLE: "VARIANT_NOT_FOUND",
  INVALID_MERCHANDISE_LINE: "LINE_NOT_FOUND",
  SELLING_PLAN_NOT_APPLICABLE: "SELLING_PLAN_INVALID",
  VARIANT_REQUIRES_SELLING_PLAN: "SELLING_PLAN_INVALID",
  LESS_THAN: "INVALID_QUANTITY",
  MAXIMUM_EXCEEDED: "INVALID_QUANTITY",
};

/** An Autoship frequency is allowed only on an eligible product, and only one of the store's plans. */
function checkPlan(
  snapshot: CatalogueSnapshot,
  product: CatalogueProduct | undefined,
  sellingPlanId: string | null,
  field: string,
) {
  if (!sellingPlanId) return;
  if (!product?.detail.autoshipEligible || !snapshot.sellingPlans.some((p) => p.id === sellingPlanId)) {
    throw new CartError("SELLING_PLAN_INVALID", "That autoship frequency is not available for this product.", field);
  }
}

export function createShopifyCarts(client: StorefrontClient, snapshot: () => Promise<CatalogueSnapshot>): Carts {
  /** A Storefront call; an unreachable Shopify becomes the cart's 503. */
  async function call<T>(document: string, variables: Record<string, unknown>): Promise<T> {
    try {
      return await client.request<T>(document, variables);
    } catch (error) {
      if (error instanceof ShopifyUnavailable || error instanceof ShopifyGraphQLError) {
        logger().warn({ err: error }, "Shopify cart call failed");
        throw new CartError(
          "COMMERCE_UNAVAILABLE",
          "We could not update your cart just now. Please try again in a moment.",
          "cartId",
        );
      }
      throw error;
    }
  }

  async function toCart(cart: ShopifyCart): Promise<Cart> {
    const shot = await snapshot();
    const attribute = (key: string) => cart.attributes.find((a) => a.key === key)?.value ?? null;
    const site = attribute(SITE_ATTRIBUTE);
    const lines: CartLineView[] = cart.lines.nodes.flatMap((line) => {
      const product = productOfVariant(shot, line.merchandise.id);
      const variant = product?.detail.variants.find((v) => v.id === line.merchandise.id);
      if (!product || !variant) return []; // no longer sold: Shopify's checkout drops it too
      const [image] = imagesForVariant(product.detail.images, variant.id);
      return [
        {
          id: line.id,
          variantId: variant.id,
          sku: variant.sku,
          productTitle: product.detail.title,
          productType: product.detail.productType,
          brand: product.detail.brand,
          variantTitle: variant.title,
          size: variant.size,
          url: variant.url,
          imageUrl: image?.url ?? null,
          quantity: line.quantity,
          unitPriceCents: variant.priceCents ?? 0,
          compareAtPriceCents: variant.compareAtPriceCents,
          sellingPlanId: line.sellingPlanAllocation?.sellingPlan.id ?? null,
          sellingPlanName: line.sellingPlanAllocation?.sellingPlan.name ?? null,
          weightValue: variant.weightValue,
          weightUnit: variant.weightUnit as WeightUnit,
          inventory: variant.inventory,
          attributes: line.attributes,
        },
      ];
    });
    return {
      id: cart.id,
      site: site && isSiteId(site) ? site : "DTC",
      customerId: attribute(CUSTOMER_ATTRIBUTE),
      checkoutUrl: cart.checkoutUrl,
      totalQuantity: cart.totalQuantity,
      lines,
      cost: { subtotalAmount: cart.cost.subtotalAmount, totalAmount: cart.cost.totalAmount },
      buyerIdentity: cart.buyerIdentity,
      attributes: cart.attributes.filter((a) => !OWNED.has(a.key)),
      note: cart.note,
      discountCodes: cart.discountCodes.map((d) => d.code),
    };
  }

  async function readCart(cartId: string): Promise<ShopifyCart | null> {
    return (await call<{ cart: ShopifyCart | null }>(CART, { id: cartId })).cart;
  }

  async function requireCart(cartId: string): Promise<ShopifyCart> {
    const cart = await readCart(cartId);
    if (!cart) throw new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");
    return cart;
  }

  /** A mutation's answer: its user errors refused, its stock warnings as notices, an emptied cart discarded. */
  async function finish(payload: Payload, notices: CartNotice[], options: ChangeOptions = {}): Promise<CartResult> {
    const [error] = payload.userErrors;
    if (error) {
      throw new CartError(
        USER_ERROR_CODES[error.code ?? ""] ?? "VARIANT_NOT_FOUND",
        error.message,
        error.field?.join("."),
      );
    }
    for (const warning of payload.warnings) {
      if (warning.code === "MERCHANDISE_NOT_ENOUGH_STOCK" || warning.code === "MERCHANDISE_OUT_OF_STOCK") {
        notices.push({ code: "QUANTITY_CLAMPED", message: warning.message, lineId: warning.target });
      }
    }
    const cart = payload.cart;
    if (!cart) throw new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");
    // Shop-core spec section 4: an emptied cart is discarded (Shopify keeps it; the shop forgets it).
    if (cart.totalQuantity < 1) return { cart: null, cartId: null, notices };
    return { cart: options.withCart === false ? null : await toCart(cart), cartId: cart.id, notices };
  }

  /** The lines that fit (shop-core spec section 5), checked against the snapshot and the cart's lines. */
  async function linesThatFit(site: SiteId, lines: CartLineInput[], existing: ShopifyCart | null) {
    const shot = await snapshot();
    const notices: CartNotice[] = [];
    const send: { merchandiseId: string; quantity: number; sellingPlanId?: string; attributes: Attribute[] }[] = [];
    for (const [i, input] of lines.entries()) {
      checkQuantity(input.quantity, `lines.${i}.quantity`);
      const product = productOfVariant(shot, input.merchandiseId);
      const variant = product?.detail.variants.find((v) => v.id === input.merchandiseId);
      const soldHere = product && soldOnSite(site, product);
      if (!product || !variant || !soldHere) {
        throw new CartError("VARIANT_NOT_FOUND", "That product is not available.", `lines.${i}.merchandiseId`);
      }
      const sellingPlanId = input.sellingPlanId ?? null;
      checkPlan(shot, product, sellingPlanId, `lines.${i}.sellingPlanId`);
      const autoship = sellingPlanId !== null;
      const line = existing?.lines.nodes.find(
        (l) => l.merchandise.id === variant.id && (l.sellingPlanAllocation?.sellingPlan.id ?? null) === sellingPlanId,
      );
      const already =
        (line?.quantity ?? 0) +
        send
          .filter((s) => s.merchandiseId === variant.id && (s.sellingPlanId ?? null) === sellingPlanId)
          .reduce((n, s) => n + s.quantity, 0);
      const fit = quantityThatFits(input.quantity, already, { autoship });
      const notice = fitNotice(fit, { title: product.detail.title, autoship, variantId: variant.id, lineId: line?.id });
      if (notice) notices.push(notice);
      if (fit.quantity === 0) continue;
      send.push({
        merchandiseId: variant.id,
        quantity: fit.quantity,
        ...(sellingPlanId ? { sellingPlanId } : {}),
        attributes: weightAttributes(variant, input.attributes),
      });
    }
    return { send, notices };
  }

  const ownedAttributes = (site: SiteId, customerId: string | null | undefined): Attribute[] => [
    { key: SITE_ATTRIBUTE, value: site },
    ...(customerId ? [{ key: CUSTOMER_ATTRIBUTE, value: customerId }] : []),
  ];

  const siteOf = (cart: ShopifyCart): SiteId => {
    const site = cart.attributes.find((a) => a.key === SITE_ATTRIBUTE)?.value;
    return site && isSiteId(site) ? site : "DTC";
  };

  return {
    async getCart(cartId: string) {
      const cart = await readCart(cartId);
      return cart ? toCart(cart) : null;
    },

    async createCart(input: {
      site: SiteId;
      customerId?: string | null;
      buyerIdentity?: BuyerIdentity;
      lines?: CartLineInput[];
      attributes?: Attribute[];
      withCart?: boolean;
    }): Promise<CartResult> {
      const { send, notices } = await linesThatFit(input.site, input.lines ?? [], null);
      // Lines were asked for and none fit: no cart is made.
      if (input.lines?.length && send.length === 0) return { cart: null, cartId: null, notices };
      const identity = input.buyerIdentity ?? {};
      const payload = await call<{ cartCreate: Payload }>(CART_CREATE, {
        input: {
          lines: send,
          attributes: [
            ...(input.attributes ?? []).filter((a) => !OWNED.has(a.key)),
            ...ownedAttributes(input.site, input.customerId),
          ],
          buyerIdentity: {
            ...(identity.email ? { email: identity.email } : {}),
            ...(identity.phone ? { phone: identity.phone } : {}),
            ...(identity.countryCode ? { countryCode: identity.countryCode } : {}),
            ...(identity.customerAccessToken ? { customerAccessToken: identity.customerAccessToken } : {}),
          },
        },
      });
      if (!input.lines?.length) {
        const cart = payload.cartCreate.cart;
        if (!cart) throw new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");
        return { cart: await toCart(cart), cartId: cart.id, notices };
      }
      return finish(payload.cartCreate, notices, { withCart: input.withCart });
    },

    async addLines(cartId: string, lines: CartLineInput[], options: ChangeOptions = {}): Promise<CartResult> {
      const cart = await requireCart(cartId);
      const { send, notices } = await linesThatFit(siteOf(cart), lines, cart);
      if (send.length === 0) {
        return { cart: options.withCart === false ? null : await toCart(cart), cartId: cart.id, notices };
      }
      const payload = await call<{ cartLinesAdd: Payload }>(CART_LINES_ADD, { cartId, lines: send });
      return finish(payload.cartLinesAdd, notices, options);
    },

    async updateLines(cartId: string, updates: CartLineUpdate[], options: ChangeOptions = {}): Promise<CartResult> {
      const cart = await requireCart(cartId);
      const shot = await snapshot();
      const notices: CartNotice[] = [];
      const send = updates.map((update, i) => {
        const line = cart.lines.nodes.find((l) => l.id === update.id);
        if (!line) throw new CartError("LINE_NOT_FOUND", "That item is not in this cart.", `lines.${i}.id`);
        const sellingPlanId =
          update.sellingPlanId === undefined
            ? (line.sellingPlanAllocation?.sellingPlan.id ?? null)
            : update.sellingPlanId;
        const product = productOfVariant(shot, line.merchandise.id);
        checkPlan(shot, product, sellingPlanId, `lines.${i}.sellingPlanId`);
        let quantity = update.quantity ?? line.quantity;
        checkQuantity(quantity, `lines.${i}.quantity`, true);
        if (quantity === 0) {
          notices.push({ code: "LINE_REMOVED", message: "Item removed from your cart.", lineId: line.id });
        } else {
          const normalized = normalizeQuantity(quantity, { autoship: sellingPlanId !== null });
          if (normalized !== quantity) {
            notices.push(normalizedNotice(normalized, { autoship: sellingPlanId !== null, lineId: line.id }));
            quantity = normalized;
          }
        }
        const variant = product?.detail.variants.find((v) => v.id === line.merchandise.id);
        return {
          id: line.id,
          quantity,
          sellingPlanId,
          ...(update.attributes && variant ? { attributes: weightAttributes(variant, update.attributes) } : {}),
        };
      });
      const payload = await call<{ cartLinesUpdate: Payload }>(CART_LINES_UPDATE, { cartId, lines: send });
      return finish(payload.cartLinesUpdate, notices, options);
    },

    async removeLines(cartId: string, lineIds: string[], options: ChangeOptions = {}): Promise<CartResult> {
      const cart = await requireCart(cartId);
      if (!lineIds.every((id) => cart.lines.nodes.some((l) => l.id === id))) {
        throw new CartError("LINE_NOT_FOUND", "That item is not in this cart.", "lineIds");
      }
      const payload = await call<{ cartLinesRemove: Payload }>(CART_LINES_REMOVE, { cartId, lineIds });
      return finish(payload.cartLinesRemove, [], options);
    },

    async updateAttributes(cartId: string, attributes: Attribute[]): Promise<CartResult> {
      const cart = await requireCart(cartId);
      // Merged like the embedded carts; the shop's own attributes are never taken from the caller.
      const merged = new Map(cart.attributes.map((a) => [a.key, a.value]));
      for (const { key, value } of attributes) if (!OWNED.has(key)) merged.set(key, value);
      const payload = await call<{ cartAttributesUpdate: Payload }>(CART_ATTRIBUTES_UPDATE, {
        cartId,
        attributes: [...merged].map(([key, value]) => ({ key, value })),
      });
      return finish(payload.cartAttributesUpdate, []);
    },

    async updateBuyerIdentity(cartId: string, identity: BuyerIdentity & { customerId?: string | null }) {
      const cart = await requireCart(cartId);
      if (identity.customerId !== undefined) {
        const merged = new Map(cart.attributes.map((a) => [a.key, a.value]));
        if (identity.customerId) merged.set(CUSTOMER_ATTRIBUTE, identity.customerId);
        else merged.delete(CUSTOMER_ATTRIBUTE);
        await call<{ cartAttributesUpdate: Payload }>(CART_ATTRIBUTES_UPDATE, {
          cartId,
          attributes: [...merged].map(([key, value]) => ({ key, value })),
        });
      }
      const payload = await call<{ cartBuyerIdentityUpdate: Payload }>(CART_BUYER_IDENTITY_UPDATE, {
        cartId,
        buyerIdentity: {
          ...(identity.email !== undefined ? { email: identity.email } : {}),
          ...(identity.phone !== undefined ? { phone: identity.phone } : {}),
          ...(identity.countryCode ? { countryCode: identity.countryCode } : {}),
          ...(identity.customerAccessToken ? { customerAccessToken: identity.customerAccessToken } : {}),
        },
      });
      return finish(payload.cartBuyerIdentityUpdate, []);
    },

    async updateDiscountCodes(cartId: string, codes: string[]) {
      const clean = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
      const payload = await call<{ cartDiscountCodesUpdate: Payload }>(CART_DISCOUNT_CODES_UPDATE, {
        cartId,
        discountCodes: clean,
      });
      return finish(payload.cartDiscountCodesUpdate, []);
    },

    async updateNote(cartId: string, note: string) {
      const payload = await call<{ cartNoteUpdate: Payload }>(CART_NOTE_UPDATE, { cartId, note: note.trim() });
      return finish(payload.cartNoteUpdate, []);
    },
  };
}
