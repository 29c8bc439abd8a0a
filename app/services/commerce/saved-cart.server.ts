// The customer's saved cart (shop-core spec sections 3 and 4): a metafield in
// namespace "profeeding", key "persisted_cart_id", type single_line_text_field,
// holding the id of the customer's cart.
import { prisma } from "~/db.server";
import { SHOP_METAFIELD_NAMESPACE, SHOP_METAFIELD_TYPE } from "~/models/customer-metafields";

/** A shop-owned metafield (docs/rules.md "Shop-owned metafields"): no client call writes it. */
export const SAVED_CART_METAFIELD = {
  namespace: SHOP_METAFIELD_NAMESPACE,
  key: "persisted_cart_id",
  type: SHOP_METAFIELD_TYPE,
} as const;

const where = (customerId: string) => ({
  customerId_namespace_key: { customerId, namespace: SAVED_CART_METAFIELD.namespace, key: SAVED_CART_METAFIELD.key },
});

/** Remembers a cart as the customer's saved cart. */
export async function saveCartForCustomer(customerId: string, cartId: string): Promise<void> {
  await prisma.customerMetafield.upsert({
    where: where(customerId),
    create: { customerId, ...SAVED_CART_METAFIELD, value: cartId },
    update: { value: cartId },
  });
}

/** The customer's saved cart id, if any. */
export async function savedCartId(customerId: string): Promise<string | null> {
  const row = await prisma.customerMetafield.findUnique({ where: where(customerId), select: { value: true } });
  return row?.value ?? null;
}

/** Forgets the saved cart (its cart was discarded, or cannot be rebuilt). */
export async function deleteSavedCart(customerId: string): Promise<void> {
  await prisma.customerMetafield.deleteMany({
    where: { customerId, namespace: SAVED_CART_METAFIELD.namespace, key: SAVED_CART_METAFIELD.key },
  });
}
