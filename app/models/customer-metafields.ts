// Customer metafields the shop itself owns (shop-core spec sections 3-4; docs/rules.md
// "Shop-owned metafields"): the saved cart and the staff-feeding onboarding values live in
// the "profeeding" namespace, and the shop alone writes them. A client's update-customer or
// delete-metafield call may keep metafields of its own, never these: a member who wrote
// another clinic's sold_to would otherwise order on that clinic's account.

/** The namespace of the shop's own metafields (the saved cart and onboarding keys). */
export const SHOP_METAFIELD_NAMESPACE = "profeeding";

/** The type every shop-owned metafield has. */
export const SHOP_METAFIELD_TYPE = "single_line_text_field";

/** The keys the shop writes: the saved cart and the staff-feeding onboarding values. */
export const SHOP_OWNED_METAFIELD_KEYS = [
  "persisted_cart_id",
  "ship_to",
  "sold_to",
  "preferred_address",
  "clinic_zip",
] as const;

/** What a client is told when it tries to write or delete one of them (a userError, or the API's error). */
export const SHOP_OWNED_METAFIELD_MESSAGE = "This metafield is kept by the shop and cannot be changed.";

/**
 * True for a metafield only the shop may write. Names are compared without case, so
 * "PROFEEDING" / "Sold_To" is refused too rather than stored beside the real one.
 */
export function isShopOwnedMetafield(field: { namespace: string; key: string }): boolean {
  return (
    field.namespace.toLowerCase() === SHOP_METAFIELD_NAMESPACE &&
    (SHOP_OWNED_METAFIELD_KEYS as readonly string[]).includes(field.key.toLowerCase())
  );
}
