import { describe, expect, it } from "vitest";
import { commerceFeatures, TURNED_OFF } from "./commerce-features";

describe("commerce features (docs/rules.md 'Shopify adapter', 'Turned off on Shopify')", () => {
  it("runs the shop's own checkout, orders, catalogue editor, saved cards and autoships on the embedded provider only", () => {
    expect(commerceFeatures("embedded")).toEqual({
      embeddedCheckout: true,
      embeddedOrders: true,
      embeddedCatalogueEditing: true,
      savedCards: true,
      autoshipEngine: true,
    });
    expect(commerceFeatures("shopify")).toEqual({
      embeddedCheckout: false,
      embeddedOrders: false,
      embeddedCatalogueEditing: false,
      savedCards: false,
      autoshipEngine: false,
    });
  });

  it("refuses the back office's screens with a conflict that names the Shopify admin, and hides the account's", () => {
    for (const feature of ["embeddedOrders", "embeddedCatalogueEditing"] as const) {
      expect(TURNED_OFF[feature].status).toBe(409);
      expect(TURNED_OFF[feature].message).toContain("Shopify admin");
    }
    expect(TURNED_OFF.savedCards.status).toBe(404);
    expect(TURNED_OFF.autoshipEngine.status).toBe(404);
  });
});
