import { describe, expect, it } from "vitest";
import { validateAdminDocument } from "../../../tests/shopify/admin-schema";
import * as documents from "./shopify-admin-documents";

describe("the Shopify Admin API documents (docs/rules.md 'Shopify customers')", () => {
  it.each(Object.entries(documents))("%s validates against the Admin API schema", (_name, source) => {
    expect(validateAdminDocument(source).map((error) => error.message)).toEqual([]);
  });

  it("fails on a field the schema lacks", () => {
    const broken = documents.METAFIELDS_SET.replace("metafields { key namespace }", "metafields { key slug }");
    expect(validateAdminDocument(broken).map((error) => error.message)).toEqual([
      'Cannot query field "slug" on type "Metafield".',
    ]);
  });
});
