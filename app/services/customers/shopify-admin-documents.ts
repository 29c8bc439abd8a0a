// The GraphQL documents the shop sends to Shopify's Admin API: only what the Storefront API
// cannot do, writing the shop's own customer metafields (namespace `profeeding`). Each is validated
// against Shopify's published Admin API schema by shopify-admin-documents.test.ts.

export const METAFIELDS_SET = `#graphql
mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { key namespace }
    userErrors { field message code }
  }
}`;
