import { describe, expect, it } from "vitest";
import { isShopOwnedMetafield, SHOP_OWNED_METAFIELD_KEYS } from "./customer-metafields";

describe('shop-owned metafields (docs/rules.md "Shop-owned metafields")', () => {
  it("owns the saved cart and the four onboarding keys of the profeeding namespace", () => {
    expect([...SHOP_OWNED_METAFIELD_KEYS].sort()).toEqual([
      "clinic_zip",
      "persisted_cart_id",
      "preferred_address",
      "ship_to",
      "sold_to",
    ]);
    for (const key of SHOP_OWNED_METAFIELD_KEYS)
      expect(isShopOwnedMetafield({ namespace: "profeeding", key })).toBe(true);
  });

  it("refuses the same names in other letter cases", () => {
    expect(isShopOwnedMetafield({ namespace: "PROFEEDING", key: "Sold_To" })).toBe(true);
    expect(isShopOwnedMetafield({ namespace: "ProFeeding", key: "PERSISTED_CART_ID" })).toBe(true);
  });

  it("leaves other keys and namespaces to the client", () => {
    expect(isShopOwnedMetafield({ namespace: "profeeding", key: "ship_to_zip" })).toBe(false);
    expect(isShopOwnedMetafield({ namespace: "profeeding", key: "sold_to_" })).toBe(false);
    expect(isShopOwnedMetafield({ namespace: "custom", key: "sold_to" })).toBe(false);
    expect(isShopOwnedMetafield({ namespace: "profeeding.x", key: "ship_to" })).toBe(false);
  });
});
