// Shopify's published Storefront API schema (2026-04), as the pinned @shopify/hydrogen-react ships
// it: the contract the adapter's documents are validated against and the loopback server executes.
import { buildClientSchema, parse, validate, type GraphQLError, type IntrospectionQuery } from "graphql";
import schemaJson from "@shopify/hydrogen-react/storefront.schema.json";

export const storefrontSchema = buildClientSchema(schemaJson as unknown as IntrospectionQuery);

/** The schema's objections to a document: none for a document Shopify would accept. */
export function validateDocument(source: string): readonly GraphQLError[] {
  return validate(storefrontSchema, parse(source));
}
