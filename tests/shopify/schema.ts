// Shopify's published Storefront API schema (2026-04), as the pinned @shopify/hydrogen-react ships
// it: the contract the adapter's documents are validated against and the loopback server executes.
import { createRequire } from "node:module";
import { buildClientSchema, parse, validate, type GraphQLError, type IntrospectionQuery } from "graphql";

// Loaded with require: Playwright's ESM loader would need an import attribute for the JSON.
const schemaJson = createRequire(import.meta.url)(
  "@shopify/hydrogen-react/storefront.schema.json",
) as IntrospectionQuery;

export const storefrontSchema = buildClientSchema(schemaJson);

/** The schema's objections to a document: none for a document Shopify would accept. */
export function validateDocument(source: string): readonly GraphQLError[] {
  return validate(storefrontSchema, parse(source));
}
