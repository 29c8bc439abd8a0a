// Customers on Shopify (COMMERCE_PROVIDER=shopify; docs/decisions.md "Shopify customers"): the
// Shopify store is the record of a customer's sign-in, profile, address book and orders. A
// password sign-in asks Shopify for a customer access token (customerAccessTokenCreate); the
// shop links the Shopify customer to a local customer by its id (an ExternalIdentity, as an
// OpenID identity is linked), keeps the token sealed on that link, server-side only, and renews
// it as it nears its expiry. The profile, addresses and orders are then read and written on
// Shopify with that token. The shop's own metafields stay with the local customer.
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { PrismaClient } from "~/generated/prisma/client";
import { ACCOUNT_LOGIN_PATH } from "~/models/guards";
import { encodeRedirect } from "~/models/redirect-param";
import type { SiteId } from "~/models/site";
import type { NewAccount } from "~/services/identity/index.server";
import type { AddressInput } from "~/models/checkout-forms";
import { centsFromDecimal } from "~/models/money";
import { sitePolicy } from "~/models/site-policy";
import {
  commerceUnavailableAnswer,
  ShopifyGraphQLError,
  ShopifyUnavailable,
  type StorefrontClient,
} from "~/services/commerce/index.server";
import { logger } from "~/services/observability/index.server";
import { PermanentDeliveryError, type OutboxHandler, type OutboxWriter } from "~/services/outbox/index.server";
import { isShopOwnedMetafield } from "~/models/customer-metafields";
import { METAFIELDS_SET } from "./shopify-admin-documents";
import type { AccountOrderRow, AccountOrdersPage } from "./account-orders.server";
import {
  createCustomers,
  addressData,
  checkedNames,
  checkedNewEmail,
  CustomerError,
  validAddress,
  type AddressView,
  type CustomerProfile,
  type Customers,
  type MetafieldInput,
  type ProfileInput,
} from "./customers.server";
import { shopifyOrderStatus, shopifyOrderTimeline } from "~/models/shopify-orders";
import { orderProgress } from "~/models/order-lifecycle";
import {
  CUSTOMER,
  CUSTOMER_ACCESS_TOKEN_CREATE,
  CUSTOMER_ACCESS_TOKEN_DELETE,
  CUSTOMER_ACCESS_TOKEN_RENEW,
  CUSTOMER_ADDRESS_CREATE,
  CUSTOMER_ADDRESS_DELETE,
  CUSTOMER_ADDRESS_UPDATE,
  CUSTOMER_CREATE,
  CUSTOMER_DEFAULT_ADDRESS_UPDATE,
  CUSTOMER_ORDERS,
  CUSTOMER_RECOVER,
  CUSTOMER_UPDATE,
} from "./shopify-documents";

/** A token is renewed when it has less than this left: a live session (7 days idle at most) never meets an expired one. */
export const TOKEN_RENEW_BEFORE_MS = 8 * 24 * 60 * 60_000;

/** How many pages of 250 orders `findOrder` reads before it answers "not found" (1,000 orders). */
export const ORDER_LOOKUP_PAGES = 4;

interface CustomerUserError {
  code: string | null;
  field: string[] | null;
  message: string;
}
interface AccessToken {
  accessToken: string;
  expiresAt: string;
}
interface ShopifyAddress {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCodeV2: string | null;
  phone: string | null;
}
interface ShopifyCustomer {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  defaultAddress: { id: string } | null;
  addresses: { nodes: ShopifyAddress[] };
}
interface ShopifyOrder {
  id: string;
  name: string;
  orderNumber: number;
  processedAt: string;
  financialStatus: string | null;
  fulfillmentStatus: string;
  canceledAt: string | null;
  statusUrl: string;
  totalPrice: { amount: string; currencyCode: string };
  lineItems: { nodes: { title: string; quantity: number }[] };
}

// ---------------------------------------------------------------------------
// The token at rest: AES-256-GCM under a key derived from the shop's session secret, so a copy
// of the database alone holds no usable Shopify token (docs/security.md "Shopify customer tokens").

const keyOf = (secret: string) =>
  Buffer.from(crypto.hkdfSync("sha256", secret, "", "shopify-customer-access-token", 32));

export function sealToken(secret: string, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return ["v1", iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** The token, or null when the value was not sealed with this secret or was altered. */
export function openToken(secret: string, value: string): string | null {
  const [version, iv, sealed, tag] = value.split(".");
  if (version !== "v1" || !iv || !sealed || !tag) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------

const text = (value: string | null | undefined) => value ?? "";

function toAddressView(address: ShopifyAddress, defaultId: string | null): AddressView {
  return {
    id: address.id,
    firstName: text(address.firstName),
    lastName: text(address.lastName),
    company: address.company,
    address1: text(address.address1),
    address2: address.address2,
    city: text(address.city),
    province: text(address.province),
    provinceCode: text(address.provinceCode),
    zip: text(address.zip),
    country: text(address.country),
    countryCode: text(address.countryCodeV2),
    phone: address.phone,
    isDefault: address.id === defaultId,
  };
}

/** A checked address as Shopify's MailingAddressInput: the shop's stored columns, which Shopify derives the codes of. */
function mailingAddress(input: AddressInput) {
  const { provinceCode: _provinceCode, countryCode: _countryCode, ...address } = addressData(validAddress(input));
  return address;
}

/** The outbox topic that copies the shop's own metafields of a customer to Shopify (Admin API). */
export const SHOPIFY_METAFIELDS_TOPIC = "shopify-customer-metafields";

export interface ShopifyMetafieldsPayload {
  /** The Shopify customer's gid. */
  ownerId: string;
  metafields: { namespace: string; key: string; type: string; value: string }[];
}

/** Shopify's most metafields per metafieldsSet. */
const METAFIELDS_SET_MAX = 25;

/**
 * The outbox handler of SHOPIFY_METAFIELDS_TOPIC: metafieldsSet on the Admin API, 25 at a time.
 * Shopify out of reach is retried by the outbox; a refusal (userErrors) will not change on retry.
 */
export function shopifyMetafieldsDelivery(admin: StorefrontClient): OutboxHandler<ShopifyMetafieldsPayload> {
  return async ({ payload }) => {
    for (let i = 0; i < payload.metafields.length; i += METAFIELDS_SET_MAX) {
      const metafields = payload.metafields
        .slice(i, i + METAFIELDS_SET_MAX)
        .map((m) => ({ ownerId: payload.ownerId, ...m }));
      const { metafieldsSet } = await admin.request<{
        metafieldsSet: { userErrors: { field: string[] | null; message: string }[] };
      }>(METAFIELDS_SET, { metafields });
      if (metafieldsSet.userErrors.length) {
        throw new PermanentDeliveryError(
          `Shopify refused the metafields: ${metafieldsSet.userErrors.map((e) => e.message).join("; ")}`,
        );
      }
    }
  };
}

/** A signed-in customer as Shopify's checkout is told of them (the cart's buyer, Multipass). */
export interface CheckoutBuyer {
  customerAccessToken: string;
  identifier: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface ShopifyCustomersOptions {
  /** The shop domain: the issuer of the links (`shopify:{domain}`). */
  storeDomain: string;
  /** The shop's session secret: the key the tokens are sealed with. */
  secret: string;
  now?: () => Date;
  /**
   * With an Admin API token: the outbox the shop's own metafields are copied to Shopify through
   * (SHOPIFY_METAFIELDS_TOPIC), in the transaction that writes them here.
   */
  enqueue?: (writer: OutboxWriter, message: { topic: string; payload: ShopifyMetafieldsPayload }) => Promise<unknown>;
}

export function createShopifyCustomers(
  storefront: StorefrontClient,
  db: PrismaClient,
  embedded: Customers,
  options: ShopifyCustomersOptions,
) {
  const issuer = `shopify:${options.storeDomain}`;
  /** Shopify out of reach answers 503 with Retry-After (the page says to try again), never 500. */
  const client: StorefrontClient = {
    async request(document, variables) {
      try {
        return await storefront.request(document, variables);
      } catch (error) {
        if (!(error instanceof ShopifyUnavailable || error instanceof ShopifyGraphQLError)) throw error;
        logger().warn({ err: error }, "Shopify customer call failed");
        throw commerceUnavailableAnswer("We cannot reach your account just now. Please try again shortly.");
      }
    },
  };
  const now = options.now ?? (() => new Date());

  /**
   * Shopify no longer accepts the customer's token (changed or revoked there): every session of
   * the customer ends, and the request goes to sign in again.
   */
  async function signedOut(customerId: string): Promise<never> {
    await db.sessionToken.updateMany({
      where: { customerId, revokedAt: null },
      data: { revokedAt: now(), revokeReason: "platform-token" },
    });
    await db.externalIdentity.updateMany({
      where: { customerId, issuer },
      data: { accessToken: null, accessTokenExpiresAt: null },
    });
    throw redirect(`${ACCOUNT_LOGIN_PATH}?redirect=${encodeRedirect("/account")}`);
  }

  async function store(customerId: string, token: AccessToken) {
    await db.externalIdentity.updateMany({
      where: { customerId, issuer },
      data: {
        accessToken: sealToken(options.secret, token.accessToken),
        accessTokenExpiresAt: new Date(token.expiresAt),
      },
    });
  }

  /** The customer's live Shopify token, renewed when it nears its expiry; signs out without one. */
  async function tokenFor(customerId: string): Promise<string> {
    const link = await db.externalIdentity.findFirst({
      where: { customerId, issuer },
      select: { accessToken: true, accessTokenExpiresAt: true },
    });
    const token = link?.accessToken ? openToken(options.secret, link.accessToken) : null;
    const expiresAt = link?.accessTokenExpiresAt?.getTime() ?? 0;
    const at = now().getTime();
    if (!token || expiresAt <= at) return signedOut(customerId);
    if (expiresAt - at > TOKEN_RENEW_BEFORE_MS) return token;
    const { customerAccessTokenRenew: renewed } = await client.request<{
      customerAccessTokenRenew: { customerAccessToken: AccessToken | null };
    }>(CUSTOMER_ACCESS_TOKEN_RENEW, { customerAccessToken: token });
    if (!renewed.customerAccessToken) return signedOut(customerId);
    await store(customerId, renewed.customerAccessToken);
    return renewed.customerAccessToken.accessToken;
  }

  async function readCustomer(customerId: string): Promise<{ token: string; customer: ShopifyCustomer }> {
    const token = await tokenFor(customerId);
    const { customer } = await client.request<{ customer: ShopifyCustomer | null }>(CUSTOMER, {
      customerAccessToken: token,
    });
    return customer ? { token, customer } : signedOut(customerId);
  }

  /** A customer's change on Shopify; its first customerUserError is the refusal, on the shop's field names. */
  async function change<T extends { customerUserErrors: CustomerUserError[] }>(
    customerId: string,
    document: string,
    variables: (token: string) => Record<string, unknown>,
    field: (shopifyField: string | undefined) => string | undefined = (f) => f,
  ): Promise<T> {
    const token = await tokenFor(customerId);
    const data = await client.request<Record<string, T>>(document, variables(token));
    const payload = Object.values(data)[0];
    const [error] = payload.customerUserErrors;
    if (error?.code === "TOKEN_INVALID") return signedOut(customerId);
    if (error) {
      const code = error.code === "NOT_FOUND" ? "NOT_FOUND" : error.code === "TAKEN" ? "EMAIL_TAKEN" : "INVALID";
      throw new CustomerError(code, error.message, field(error.field?.at(-1)));
    }
    return payload;
  }

  /** True when Shopify accepts `password` for the customer's email (a token made and dropped). */
  async function passwordChecks(email: string, password: string): Promise<boolean> {
    const { customerAccessTokenCreate: proof } = await client.request<{
      customerAccessTokenCreate: { customerAccessToken: AccessToken | null };
    }>(CUSTOMER_ACCESS_TOKEN_CREATE, { input: { email, password } });
    return proof.customerAccessToken !== null;
  }

  /** customerUpdate with a change that makes Shopify answer a new token (email, password), which is kept. */
  async function updateRenewingToken(customerId: string, customer: Record<string, string>, field: string) {
    const changed = await change<{ customerUserErrors: CustomerUserError[]; customerAccessToken: AccessToken | null }>(
      customerId,
      CUSTOMER_UPDATE,
      (token) => ({ customerAccessToken: token, customer }),
      () => field,
    );
    if (changed.customerAccessToken) await store(customerId, changed.customerAccessToken);
  }

  async function getProfile(customerId: string): Promise<CustomerProfile> {
    const [{ customer }, local] = await Promise.all([readCustomer(customerId), embedded.getProfile(customerId)]);
    return {
      id: customerId,
      email: text(customer.email) || local.email,
      firstName: text(customer.firstName),
      lastName: text(customer.lastName),
      phone: customer.phone,
      acceptsMarketing: customer.acceptsMarketing,
      defaultAddressId: customer.defaultAddress?.id ?? null,
      metafields: local.metafields,
    };
  }

  /** The local customer follows Shopify's names and email (the header's greeting, emails). */
  async function mirror(customerId: string, profile: { email?: string; firstName?: string; lastName?: string }) {
    await db.customer.update({ where: { id: customerId }, data: profile });
    await db.identityUser.updateMany({ where: { customerId }, data: profile });
  }

  async function listAddresses(customerId: string): Promise<AddressView[]> {
    const { customer } = await readCustomer(customerId);
    const defaultId = customer.defaultAddress?.id ?? null;
    return customer.addresses.nodes
      .map((address) => toAddressView(address, defaultId))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  async function getAddress(customerId: string, id: string): Promise<AddressView> {
    const found = (await listAddresses(customerId)).find((address) => address.id === id);
    if (!found) throw new CustomerError("NOT_FOUND", "We could not find that address in your address book.");
    return found;
  }

  /**
   * A password sign-in on Shopify: the customer's token, the local customer linked to the
   * Shopify customer (made on the first sign-in), the token kept sealed on the link. A refusal
   * is one answer whatever its reason (docs/rules.md "One answer for a refused sign-in").
   */
  async function signIn(input: {
    site: SiteId;
    email: string;
    password: string;
  }): Promise<{ ok: true; customerId: string } | { ok: false }> {
    const email = input.email.trim().toLowerCase();
    const { customerAccessTokenCreate: created } = await client.request<{
      customerAccessTokenCreate: { customerAccessToken: AccessToken | null };
    }>(CUSTOMER_ACCESS_TOKEN_CREATE, { input: { email, password: input.password } });
    const token = created.customerAccessToken;
    if (!token) return { ok: false };
    const { customer } = await client.request<{ customer: ShopifyCustomer | null }>(CUSTOMER, {
      customerAccessToken: token.accessToken,
    });
    if (!customer) return { ok: false };
    const profile = {
      email: text(customer.email).toLowerCase() || email,
      firstName: text(customer.firstName),
      lastName: text(customer.lastName),
    };
    const customerId = await linkCustomer(input.site, customer.id, profile);
    await store(customerId, token);
    await mirror(customerId, profile);
    return { ok: true, customerId };
  }

  async function listOrders(
    customerId: string,
    page: { first: number; after: string | null; query: string },
  ): Promise<AccountOrdersPage> {
    const token = await tokenFor(customerId);
    const { customer } = await client.request<{
      customer: {
        orders: { nodes: ShopifyOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      } | null;
    }>(CUSTOMER_ORDERS, {
      customerAccessToken: token,
      first: page.first,
      after: page.after,
      query: page.query || null,
    });
    if (!customer) return signedOut(customerId);
    return {
      orders: customer.orders.nodes.map((order) => {
        const status = shopifyOrderStatus(order);
        return {
          id: order.id,
          // Shopify's display name ("#1001", or the store's own prefix) without its "#".
          number: order.name.replace(/^#/, ""),
          createdAt: order.processedAt,
          status,
          progress: orderProgress(shopifyOrderTimeline(status)),
          tracking: null,
          totalCents: centsFromDecimal(order.totalPrice.amount),
          currencyCode: order.totalPrice.currencyCode,
          itemCount: order.lineItems.nodes.reduce((sum, line) => sum + line.quantity, 0),
          href: order.statusUrl,
        };
      }),
      pageInfo: {
        hasNextPage: customer.orders.pageInfo.hasNextPage,
        hasPreviousPage: page.after !== null,
        endCursor: customer.orders.pageInfo.endCursor,
      },
    };
  }

  return {
    ...embedded,
    getProfile,

    signIn,

    /**
     * Who checks out on Shopify's checkout: the customer's access token (renewed when near its
     * end; a refused one ends the sessions as every Shopify call does), email and names.
     */
    async checkoutBuyer(customerId: string): Promise<CheckoutBuyer> {
      const customerAccessToken = await tokenFor(customerId);
      const customer = await db.customer.findUniqueOrThrow({
        where: { id: customerId },
        select: { email: true, firstName: true, lastName: true },
      });
      return { customerAccessToken, identifier: customerId, ...customer };
    },

    /**
     * After a sign-out: when the customer has no other live session, the Shopify token is
     * deleted on Shopify and here (best effort: a Shopify out of reach leaves it to expire).
     */
    async signedOutOfSession(customerId: string): Promise<void> {
      const live = await db.sessionToken.count({
        where: { customerId, revokedAt: null, expiresAt: { gt: now() } },
      });
      if (live > 0) return;
      const link = await db.externalIdentity.findFirst({
        where: { customerId, issuer },
        select: { accessToken: true },
      });
      const token = link?.accessToken ? openToken(options.secret, link.accessToken) : null;
      await db.externalIdentity.updateMany({
        where: { customerId, issuer },
        data: { accessToken: null, accessTokenExpiresAt: null },
      });
      if (!token) return;
      try {
        await storefront.request(CUSTOMER_ACCESS_TOKEN_DELETE, { customerAccessToken: token });
      } catch (error) {
        logger().warn({ err: error }, "Shopify customer token not deleted at sign-out; it will expire");
      }
    },

    /**
     * A new account on Shopify (customerCreate), then signed in as `signIn` does. An email Shopify
     * already holds is "email-taken"; a password Shopify refuses names the password field.
     */
    async register(
      input: NewAccount,
    ): Promise<{ ok: true; customerId: string } | { ok: false; reason: "email-taken" }> {
      const email = input.email.trim().toLowerCase();
      const { customerCreate: created } = await client.request<{
        customerCreate: { customer: { id: string } | null; customerUserErrors: CustomerUserError[] };
      }>(CUSTOMER_CREATE, {
        input: {
          email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
          acceptsMarketing: input.acceptsMarketing,
        },
      });
      const [error] = created.customerUserErrors;
      if (error?.code === "TAKEN" || error?.code === "CUSTOMER_DISABLED") return { ok: false, reason: "email-taken" };
      if (error || !created.customer) {
        throw new CustomerError("INVALID", error?.message ?? "Shopify did not create the account.", "password");
      }
      const signedIn = await signIn({ site: input.site, email, password: input.password });
      if (!signedIn.ok) throw new CustomerError("INVALID", "Shopify did not accept the new account's password.");
      return signedIn;
    },

    /** "Forgot password" on Shopify: Shopify emails its reset link when the email has an account. */
    async requestPasswordReset(email: string): Promise<void> {
      await client.request(CUSTOMER_RECOVER, { email: email.trim().toLowerCase() });
    },

    /** A new password on Shopify after the current one checks out there; false when it does not. */
    async changePassword(customerId: string, current: string, next: string): Promise<boolean> {
      const { customer } = await readCustomer(customerId);
      if (!(await passwordChecks(text(customer.email), current))) return false;
      await updateRenewingToken(customerId, { password: next }, "newPassword");
      return true;
    },

    async updateProfile(customerId: string, input: ProfileInput): Promise<CustomerProfile> {
      const { firstName, lastName } = checkedNames(input);
      await change(customerId, CUSTOMER_UPDATE, (token) => ({
        customerAccessToken: token,
        customer: { firstName, lastName, phone: input.phone?.trim() || null, acceptsMarketing: input.acceptsMarketing },
      }));
      await mirror(customerId, { firstName, lastName });
      return getProfile(customerId);
    },

    /** A new email on Shopify after the password checks out there; Shopify answers a new token. */
    async changeEmail(customerId: string, newEmail: string, password: string): Promise<CustomerProfile> {
      const email = checkedNewEmail(newEmail);
      const { customer } = await readCustomer(customerId);
      if (!(await passwordChecks(text(customer.email), password))) {
        throw new CustomerError("INVALID", "That password is not right.", "currentPassword");
      }
      if (email === text(customer.email).toLowerCase()) return getProfile(customerId);
      await updateRenewingToken(customerId, { email }, "email");
      await mirror(customerId, { email });
      return getProfile(customerId);
    },

    /**
     * The shop's own metafields (the staff-feeding ship-to, sold-to and the like) are written here, and with
     * an Admin API token copied to the Shopify customer through the outbox in the same transaction.
     */
    async writeShopMetafields(customerId: string, inputs: MetafieldInput[]) {
      const enqueue = options.enqueue;
      if (!enqueue) return embedded.writeShopMetafields(customerId, inputs);
      return db.$transaction(async (tx) => {
        const written = await createCustomers(tx as unknown as PrismaClient).writeShopMetafields(customerId, inputs);
        const link = await tx.externalIdentity.findFirst({ where: { customerId, issuer }, select: { subject: true } });
        const metafields = written.metafields
          .filter(isShopOwnedMetafield)
          .map(({ namespace, key, type, value }) => ({ namespace, key, type, value }));
        if (link && metafields.length) {
          await enqueue(tx, { topic: SHOPIFY_METAFIELDS_TOPIC, payload: { ownerId: link.subject, metafields } });
        }
        return written;
      });
    },

    listAddresses,
    getAddress,

    async findAddress(customerId: string, id: string) {
      const found = (await listAddresses(customerId)).find((address) => address.id === id);
      return found
        ? {
            firstName: found.firstName,
            lastName: found.lastName,
            company: found.company,
            address1: found.address1,
            address2: found.address2,
            city: found.city,
            provinceCode: found.provinceCode,
            zip: found.zip,
            countryCode: found.countryCode,
            phone: found.phone,
          }
        : null;
    },

    /** Adds an address on Shopify; the first one (or one asked to be) becomes the default. */
    async createAddress(customerId: string, input: AddressInput, options: { makeDefault?: boolean } = {}) {
      const address = mailingAddress(validAddress(input));
      const before = await listAddresses(customerId);
      const made = await change<{ customerUserErrors: CustomerUserError[]; customerAddress: { id: string } | null }>(
        customerId,
        CUSTOMER_ADDRESS_CREATE,
        (token) => ({ customerAccessToken: token, address }),
      );
      const id = made.customerAddress!.id;
      if (options.makeDefault || !before.some((a) => a.isDefault)) {
        await change(customerId, CUSTOMER_DEFAULT_ADDRESS_UPDATE, (token) => ({
          customerAccessToken: token,
          addressId: id,
        }));
      }
      return getAddress(customerId, id);
    },

    async updateAddress(customerId: string, id: string, input: AddressInput) {
      const address = mailingAddress(validAddress(input));
      await change(customerId, CUSTOMER_ADDRESS_UPDATE, (token) => ({ customerAccessToken: token, id, address }));
      return getAddress(customerId, id);
    },

    async deleteAddress(customerId: string, id: string) {
      await change(customerId, CUSTOMER_ADDRESS_DELETE, (token) => ({ customerAccessToken: token, id }));
      const { customer } = await readCustomer(customerId);
      return { deletedId: id, defaultAddressId: customer.defaultAddress?.id ?? null };
    },

    async setDefaultAddress(customerId: string, id: string) {
      await change(customerId, CUSTOMER_DEFAULT_ADDRESS_UPDATE, (token) => ({
        customerAccessToken: token,
        addressId: id,
      }));
      return getAddress(customerId, id);
    },

    /** The customer's Shopify orders, newest first, a page at a time; each opens on Shopify's order status page. */
    listOrders,

    /**
     * One of the customer's Shopify orders by its id (gid://shopify/Order/N), or null. The
     * Storefront API reads a customer's orders only as their list, so it is looked for there,
     * newest first, at most ORDER_LOOKUP_PAGES pages of 250.
     */
    async findOrder(customerId: string, orderId: string): Promise<AccountOrderRow | null> {
      let after: string | null = null;
      for (let page = 0; page < ORDER_LOOKUP_PAGES; page++) {
        const found: AccountOrdersPage = await listOrders(customerId, { first: 250, after, query: "" });
        const order = found.orders.find((o) => o.id === orderId);
        if (order) return order;
        if (!found.pageInfo.hasNextPage) return null;
        after = found.pageInfo.endCursor;
      }
      return null;
    },
  };

  /**
   * The local customer of a Shopify customer: the one linked to its id; else, on the first
   * sign-in, the site's customer with that email not yet linked to another Shopify customer
   * (Shopify has just checked the password of that email), or a new one.
   */
  async function linkCustomer(
    site: SiteId,
    shopifyId: string,
    profile: { email: string; firstName: string; lastName: string },
  ): Promise<string> {
    const store = sitePolicy(site).userStore;
    const key = { store_issuer_subject: { store, issuer, subject: shopifyId } };
    const link = await db.externalIdentity.findUnique({ where: key, select: { customerId: true } });
    if (link) {
      await db.externalIdentity.update({ where: key, data: { lastSignInAt: now(), email: profile.email } });
      return link.customerId;
    }
    return db.$transaction(async (tx) => {
      // Shopify keeps one customer per email: a local customer of this email linked to another
      // Shopify customer (who has since changed email there) now belongs to this one.
      const existing = await tx.customer.findUnique({ where: { site_email: { site, email: profile.email } } });
      if (existing) await tx.externalIdentity.deleteMany({ where: { customerId: existing.id, issuer } });
      const customerId =
        existing?.id ?? (await tx.customer.create({ data: { site, ...profile }, select: { id: true } })).id;
      await tx.externalIdentity.create({
        data: { store, issuer, subject: shopifyId, customerId, email: profile.email },
      });
      // The user-store record a site's member is read from (the staff program's registration lives
      // there), without a password: the password is Shopify's, as an OpenID customer's is its provider's.
      const user = await tx.identityUser.findUnique({ where: { store_email: { store, email: profile.email } } });
      if (!user) {
        await tx.identityUser.create({
          data: { store, ...profile, passwordHash: "external", customerId },
        });
      } else if (user.customerId === null) {
        await tx.identityUser.update({ where: { id: user.id }, data: { customerId } });
      }
      return customerId;
    });
  }
}
