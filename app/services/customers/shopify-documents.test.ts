import { describe, expect, it } from "vitest";
import { validateDocument } from "../../../tests/shopify/schema";
import * as documents from "./shopify-documents";

const sent: [string, string][] = Object.entries(documents as Record<string, string>).filter(([, source]) =>
  source.startsWith("#graphql"),
);

describe("the Shopify customer documents (docs/rules.md 'Shopify customers')", () => {
  it("sends documents", () => {
    expect(sent.length).toBeGreaterThanOrEqual(11);
  });

  it.each(sent)("%s validates against the Storefront API schema", (_name, source) => {
    expect(validateDocument(source).map((error) => error.message)).toEqual([]);
  });

  it("fails on an argument the schema lacks", () => {
    const broken = documents.CUSTOMER_ORDERS.replace("sortKey: PROCESSED_AT", "sortKey: CREATED");
    expect(validateDocument(broken)).not.toEqual([]);
  });
});
