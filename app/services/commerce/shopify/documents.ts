// Every GraphQL document the Shopify adapter sends to the Storefront API. Each is validated
// against Shopify's published schema (the storefront.schema.json of @shopify/hydrogen-react,
// pinned) by documents.test.ts, so a field or argument the API lacks fails `npm test`.

/** The metafields the shop reads from products and variants (docs/operations.md "Running on Shopify"). */
export const PRODUCT_METAFIELD_KEYS = [
  "species",
  "lifestage",
  "breed_size",
  "food_form",
  "sub_brand",
  "health_conditions",
  "sold_on",
  "featured_rank",
  "rating_count",
  "rating_sum",
  "nutrition",
] as const;
export const VARIANT_METAFIELD_KEYS = ["pack_type"] as const;
export const METAFIELD_NAMESPACE = "profeeding";

const identifiers = (keys: readonly string[]) =>
  `[${keys.map((key) => `{ namespace: "${METAFIELD_NAMESPACE}", key: "${key}" }`).join(", ")}]`;

/** Shopify's most per page. */
export const PAGE_MAX = 250;

const CATALOGUE_PRODUCT = `#graphql
fragment CatalogueProduct on Product {
  id
  handle
  title
  description
  vendor
  productType
  tags
  publishedAt
  updatedAt
  metafields(identifiers: ${identifiers(PRODUCT_METAFIELD_KEYS)}) { key value }
  images(first: 50) { nodes { url altText width height } }
  sellingPlanGroups(first: 5) {
    nodes {
      sellingPlans(first: 10) {
        nodes {
          id
          name
          deliveryPolicy { ... on SellingPlanRecurringDeliveryPolicy { interval intervalCount } }
        }
      }
    }
  }
  variants(first: 100) {
    nodes {
      id
      sku
      title
      availableForSale
      quantityAvailable
      price { amount }
      compareAtPrice { amount }
      selectedOptions { name value }
      weight
      weightUnit
      image { url }
      metafields(identifiers: ${identifiers(VARIANT_METAFIELD_KEYS)}) { key value }
    }
  }
}`;

/** One page of every product, in id order (the catalogue snapshot reads them all). */
export const CATALOGUE_PAGE = `#graphql
query CataloguePage($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes { ...CatalogueProduct }
  }
}
${CATALOGUE_PRODUCT}`;

/** One product, after a products/update webhook. */
export const CATALOGUE_PRODUCT_BY_ID = `#graphql
query CatalogueProductById($id: ID!) {
  product(id: $id) { ...CatalogueProduct }
}
${CATALOGUE_PRODUCT}`;

const CART_FIELDS = `#graphql
fragment CartFields on Cart {
  id
  checkoutUrl
  totalQuantity
  note
  attributes { key value }
  discountCodes { code applicable }
  buyerIdentity { email phone countryCode }
  cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
  lines(first: 100) {
    nodes {
      id
      quantity
      attributes { key value }
      merchandise { ... on ProductVariant { id sku } }
      sellingPlanAllocation { sellingPlan { id name } }
    }
  }
}`;

const CART_PAYLOAD = `cart { ...CartFields } userErrors { field message code } warnings { code message target }`;

export const CART = `#graphql
query Cart($id: ID!) {
  cart(id: $id) { ...CartFields }
}
${CART_FIELDS}`;

export const CART_CREATE = `#graphql
mutation CartCreate($input: CartInput!) {
  cartCreate(input: $input) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_LINES_ADD = `#graphql
mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
  cartLinesAdd(cartId: $cartId, lines: $lines) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_LINES_UPDATE = `#graphql
mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!) {
  cartLinesUpdate(cartId: $cartId, lines: $lines) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_LINES_REMOVE = `#graphql
mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!) {
  cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_ATTRIBUTES_UPDATE = `#graphql
mutation CartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!) {
  cartAttributesUpdate(cartId: $cartId, attributes: $attributes) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_BUYER_IDENTITY_UPDATE = `#graphql
mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
  cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_DISCOUNT_CODES_UPDATE = `#graphql
mutation CartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!) {
  cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;

export const CART_NOTE_UPDATE = `#graphql
mutation CartNoteUpdate($cartId: ID!, $note: String!) {
  cartNoteUpdate(cartId: $cartId, note: $note) { ${CART_PAYLOAD} }
}
${CART_FIELDS}`;
