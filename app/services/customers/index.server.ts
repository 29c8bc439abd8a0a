import { prisma } from "~/db.server";
import { sessionSettings } from "~/env.server";
import { adminEndpoint, commerceSettings, createStorefrontClient, shopify } from "~/services/commerce/index.server";
import { outbox } from "~/services/outbox/index.server";
import { identity } from "~/services/identity/index.server";
import { orders } from "~/services/orders/index.server";
import { embeddedAccountOrders, type AccountOrders } from "./account-orders.server";
import { createCustomers, type Customers } from "./customers.server";
import { createShopifyCustomers, shopifyMetafieldsDelivery } from "./shopify.server";
import { createCustomerDirectory } from "./directory.server";

export {
  CustomerError,
  type AddressView,
  type CustomerErrorCode,
  type CustomerProfile,
  type MetafieldInput,
  type MetafieldUserError,
  type MetafieldView,
} from "./customers.server";
export {
  createCustomerDirectory,
  STAFF_PROGRAM_SITES,
  type CustomerDetail,
  type CustomerListRow,
} from "./directory.server";

const embedded = createCustomers(prisma, identity);

/**
 * On Shopify, the store's customers: sign-in with a customer access token, the profile, address
 * book and orders on Shopify (docs/decisions.md "Shopify customers"); else null.
 */
/** The Admin API, for what only it does (the shop's own customer metafields), with SHOPIFY_ADMIN_ACCESS_TOKEN. */
const shopifyAdmin =
  shopify && commerceSettings.SHOPIFY_ADMIN_ACCESS_TOKEN
    ? createStorefrontClient({
        endpoint: adminEndpoint(commerceSettings),
        token: commerceSettings.SHOPIFY_ADMIN_ACCESS_TOKEN,
        authHeader: "x-shopify-access-token",
        timeoutMs: commerceSettings.SHOPIFY_TIMEOUT_MS,
      })
    : null;

export const shopifyCustomers = shopify
  ? createShopifyCustomers(shopify.client, prisma, embedded, {
      storeDomain: commerceSettings.SHOPIFY_STORE_DOMAIN ?? "",
      secret: sessionSettings.SESSION_SECRET,
      enqueue: shopifyAdmin ? (writer, message) => outbox.enqueue(writer, message) : undefined,
    })
  : null;

/** The outbox handler that copies the shop's own metafields to Shopify, when the Admin API is configured. */
export const shopifyMetafieldsHandler = shopifyAdmin ? shopifyMetafieldsDelivery(shopifyAdmin) : null;
export { SHOPIFY_METAFIELDS_TOPIC, type CheckoutBuyer } from "./shopify.server";

/** The shop's customers (profile, address book, metafields): the embedded provider's, or Shopify's. */
export const customers: Customers = shopifyCustomers ?? embedded;

/** The signed-in customer's orders as the account lists them, on the commerce provider in use. */
export const accountOrders: AccountOrders = shopifyCustomers
  ? { list: shopifyCustomers.listOrders }
  : embeddedAccountOrders(orders);
export type { AccountOrderRow, AccountOrdersPage } from "./account-orders.server";

/** The back office's search and view of customers (read only). */
export const customerDirectory = createCustomerDirectory(prisma);
export * from "./customers.server";
