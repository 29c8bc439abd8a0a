import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../../tests/shopify/schema";
import * as documents from "./documents";
const sent = Object.entries(documents).filter(
  (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].startsWith("#graphql"),
);

describe("the Shopify adapter's documents (docs/rules.md 'Shopify adapter')", () => {
  it("sends documents", () => {
    expect(sent.length).toBeGreaterThanOrEqual(11);
  });

  it.each(sent)("%s validates against the Storefront API schema", (_name, source) => {
    expect(validateDocument(source).map((error) => error.message)).toEqual([]);
  });

  it("fails on a field the schema lacks", () => {
    const broken = documents.CART.replace("checkoutUrl", "checkoutLink");
    expect(validateDocument(broken).map((error) => error.message)).toEqual([
      'Cannot query field "checkoutLink" on type "Cart". Did you mean "checkoutUrl"?',
    ]);
  });
});
