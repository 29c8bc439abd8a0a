import { buildClientSchema, parse, validate, type IntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import schemaJson from "@shopify/hydrogen-react/storefront.schema.json";
import * as documents from "./documents";

// Shopify's published Storefront API schema, as @shopify/hydrogen-react (pinned) ships it.
const schema = buildClientSchema(schemaJson as unknown as IntrospectionQuery);
const sent = Object.entries(documents).filter(
  (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].startsWith("#graphql"),
);

describe("the Shopify adapter's documents (docs/rules.md 'Shopify adapter')", () => {
  it("sends documents", () => {
    expect(sent.length).toBeGreaterThanOrEqual(11);
  });

  it.each(sent)("%s validates against the Storefront API schema", (_name, source) => {
    expect(validate(schema, parse(source)).map((error) => error.message)).toEqual([]);
  });

  it("fails on a field the schema lacks", () => {
    const broken = documents.CART.replace("checkoutUrl", "checkoutLink");
    expect(validate(schema, parse(broken)).map((error) => error.message)).toEqual([
      'Cannot query field "checkoutLink" on type "Cart". Did you mean "checkoutUrl"?',
    ]);
  });
});
