import { describe, expect, it } from "vitest";
import { commerceFeatures } from "./commerce-features";

describe("commerce features (docs/rules.md 'Shopify adapter')", () => {
  it("runs the shop's own checkout on the embedded provider only", () => {
    expect(commerceFeatures("embedded")).toEqual({ embeddedCheckout: true });
    expect(commerceFeatures("shopify")).toEqual({ embeddedCheckout: false });
  });
});
