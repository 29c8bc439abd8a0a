// Every GraphQL document the shop sends to Shopify's Storefront API about customers (the legacy
// customer API: a customer access token from the email and password, then the customer's own
// reads and writes with it). Each is validated against Shopify's published schema by
// shopify-documents.test.ts, so a field or argument the API lacks fails `npm test`.

const CUSTOMER_ERRORS = `customerUserErrors { code field message }`;

export const CUSTOMER_ACCESS_TOKEN_CREATE = `#graphql
mutation CustomerAccessTokenCreate($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) {
    customerAccessToken { accessToken expiresAt }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_ACCESS_TOKEN_RENEW = `#graphql
mutation CustomerAccessTokenRenew($customerAccessToken: String!) {
  customerAccessTokenRenew(customerAccessToken: $customerAccessToken) {
    customerAccessToken { accessToken expiresAt }
    userErrors { field message }
  }
}`;

export const CUSTOMER_ACCESS_TOKEN_DELETE = `#graphql
mutation CustomerAccessTokenDelete($customerAccessToken: String!) {
  customerAccessTokenDelete(customerAccessToken: $customerAccessToken) {
    deletedAccessToken
    userErrors { field message }
  }
}`;

const ADDRESS_FIELDS = `#graphql
fragment AddressFields on MailingAddress {
  id firstName lastName company address1 address2 city province provinceCode zip country countryCodeV2 phone
}`;

export const CUSTOMER = `#graphql
query Customer($customerAccessToken: String!) {
  customer(customerAccessToken: $customerAccessToken) {
    id email firstName lastName phone acceptsMarketing
    defaultAddress { id }
    addresses(first: 100) { nodes { ...AddressFields } }
  }
}
${ADDRESS_FIELDS}`;

export const CUSTOMER_ORDERS = `#graphql
query CustomerOrders($customerAccessToken: String!, $first: Int!, $after: String, $query: String) {
  customer(customerAccessToken: $customerAccessToken) {
    orders(first: $first, after: $after, query: $query, sortKey: PROCESSED_AT, reverse: true) {
      nodes {
        id name orderNumber processedAt financialStatus fulfillmentStatus canceledAt statusUrl
        totalPrice { amount currencyCode }
        lineItems(first: 100) { nodes { title quantity } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const CUSTOMER_UPDATE = `#graphql
mutation CustomerUpdate($customerAccessToken: String!, $customer: CustomerUpdateInput!) {
  customerUpdate(customerAccessToken: $customerAccessToken, customer: $customer) {
    customer { id }
    customerAccessToken { accessToken expiresAt }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_ADDRESS_CREATE = `#graphql
mutation CustomerAddressCreate($customerAccessToken: String!, $address: MailingAddressInput!) {
  customerAddressCreate(customerAccessToken: $customerAccessToken, address: $address) {
    customerAddress { id }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_ADDRESS_UPDATE = `#graphql
mutation CustomerAddressUpdate($customerAccessToken: String!, $id: ID!, $address: MailingAddressInput!) {
  customerAddressUpdate(customerAccessToken: $customerAccessToken, id: $id, address: $address) {
    customerAddress { id }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_ADDRESS_DELETE = `#graphql
mutation CustomerAddressDelete($customerAccessToken: String!, $id: ID!) {
  customerAddressDelete(customerAccessToken: $customerAccessToken, id: $id) {
    deletedCustomerAddressId
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_DEFAULT_ADDRESS_UPDATE = `#graphql
mutation CustomerDefaultAddressUpdate($customerAccessToken: String!, $addressId: ID!) {
  customerDefaultAddressUpdate(customerAccessToken: $customerAccessToken, addressId: $addressId) {
    customer { id }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_CREATE = `#graphql
mutation CustomerCreate($input: CustomerCreateInput!) {
  customerCreate(input: $input) {
    customer { id }
    ${CUSTOMER_ERRORS}
  }
}`;

export const CUSTOMER_RECOVER = `#graphql
mutation CustomerRecover($email: String!) {
  customerRecover(email: $email) {
    ${CUSTOMER_ERRORS}
  }
}`;
