// The loopback Storefront API server's customers: the legacy customer API as Shopify documents it
// (customerAccessTokenCreate from an email and password, then the customer's reads and writes with
// that token; customerUserErrors with the schema's CustomerErrorCode values; orders newest first
// as a Relay connection). Merged into the server's resolvers (tests/shopify/storefront-server.ts).
import crypto from "node:crypto";

export interface StoreAddress {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
}

export interface StoreOrder {
  id: string;
  number: number;
  processedAt: string;
  financialStatus: "PAID" | "REFUNDED" | "PENDING";
  fulfillmentStatus: "FULFILLED" | "UNFULFILLED" | "IN_PROGRESS";
  canceledAt: string | null;
  totalCents: number;
  lines: { title: string; quantity: number }[];
}

export interface StoreCustomer {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  acceptsMarketing: boolean;
  addresses: StoreAddress[];
  defaultAddressId: string | null;
  orders: StoreOrder[];
}

export interface CustomerStore {
  customers: StoreCustomer[];
  /** Customer access tokens: token → customer id and expiry. */
  tokens: Map<string, { customerId: string; expiresAt: string }>;
  /** The emails customerRecover was asked to send a reset link to (Shopify sends them). */
  recoveries: string[];
  nextAddress: number;
}

/** Shopify's customer access tokens last this long. */
const TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;

/** Province names the fixture's US addresses use, by code (Shopify answers both). */
const PROVINCES: Record<string, string> = { NY: "New York", NJ: "New Jersey", CA: "California", KS: "Kansas" };
const provinceCode = (province: string | null) =>
  province === null ? null : (Object.entries(PROVINCES).find(([, name]) => name === province)?.[0] ?? province);

/** Two customers: one with 23 orders (two pages of twenty) and an address, one with none. */
export function fixtureCustomers(): CustomerStore {
  const address: StoreAddress = {
    id: "gid://shopify/MailingAddress/9001?model_name=CustomerAddress",
    firstName: "Robin",
    lastName: "Shopper",
    company: null,
    address1: "12 Elm Street",
    address2: null,
    city: "Brooklyn",
    province: "New York",
    zip: "11201",
    country: "United States",
    phone: null,
  };
  const orders: StoreOrder[] = Array.from({ length: 23 }, (_, i) => ({
    id: `gid://shopify/Order/${5000 + i}`,
    number: 1001 + i,
    processedAt: new Date(Date.UTC(2026, 0, 2 + i * 7, 15)).toISOString(),
    financialStatus: i === 3 ? "REFUNDED" : "PAID",
    fulfillmentStatus: i >= 21 ? "UNFULFILLED" : "FULFILLED",
    canceledAt: i === 3 ? new Date(Date.UTC(2026, 0, 23, 16)).toISOString() : null,
    totalCents: 2599 + i * 100,
    lines: [
      { title: i % 2 ? "Salmon & Rice Adult Dry Dog Food" : "Chicken Pate Kitten Wet Cat Food", quantity: 1 + (i % 3) },
    ],
  }));
  return {
    customers: [
      {
        id: "gid://shopify/Customer/7001",
        email: "robin@example.com",
        password: "shopify-pass-1",
        firstName: "Robin",
        lastName: "Shopper",
        phone: null,
        acceptsMarketing: false,
        addresses: [address],
        defaultAddressId: address.id,
        orders,
      },
      {
        id: "gid://shopify/Customer/7002",
        email: "sam@example.com",
        password: "shopify-pass-2",
        firstName: "Sam",
        lastName: "New",
        phone: null,
        acceptsMarketing: true,
        addresses: [],
        defaultAddressId: null,
        orders: [],
      },
    ],
    tokens: new Map(),
    recoveries: [],
    nextAddress: 9100,
  };
}

/** The customer a live customer access token belongs to, or null. */
export function customerOfToken(store: CustomerStore, token: unknown): StoreCustomer | null {
  const held = store.tokens.get(String(token));
  if (!held || Date.parse(held.expiresAt) <= Date.now()) return null;
  return store.customers.find((c) => c.id === held.customerId) ?? null;
}

/** How far from now a Multipass token's created_at may be (Shopify: a short time around it). */
const MULTIPASS_WINDOW_MS = 15 * 60_000;

/**
 * Reads a Multipass token as Shopify's Multipass reference describes it (independently of the
 * shop's encoder): URL-safe Base64 of IV + AES-128-CBC ciphertext + HMAC-SHA256 of both, the keys
 * being the halves of SHA-256(secret). The customer is found by email, or made, as Shopify does.
 */
export function multipassSignIn(
  store: CustomerStore,
  secret: string,
  token: string,
): { customer: StoreCustomer; returnTo: string | null } | { error: string } {
  const keys = crypto.createHash("sha256").update(secret).digest();
  const raw = Buffer.from(token, "base64url");
  if (raw.length < 16 + 16 + 32) return { error: "malformed" };
  const ciphertext = raw.subarray(0, raw.length - 32);
  const signature = raw.subarray(raw.length - 32);
  const expected = crypto.createHmac("sha256", keys.subarray(16, 32)).update(ciphertext).digest();
  if (!crypto.timingSafeEqual(signature, expected)) return { error: "signature" };
  let data: { email?: string; created_at?: string; return_to?: string; first_name?: string; last_name?: string };
  try {
    const decipher = crypto.createDecipheriv("aes-128-cbc", keys.subarray(0, 16), ciphertext.subarray(0, 16));
    const plain = Buffer.concat([decipher.update(ciphertext.subarray(16)), decipher.final()]).toString("utf8");
    data = JSON.parse(plain) as typeof data;
  } catch {
    return { error: "malformed" };
  }
  const createdAt = Date.parse(data.created_at ?? "");
  if (!data.email || !Number.isFinite(createdAt) || Math.abs(Date.now() - createdAt) > MULTIPASS_WINDOW_MS) {
    return { error: "expired" };
  }
  let customer = store.customers.find((c) => c.email.toLowerCase() === data.email!.toLowerCase());
  if (!customer) {
    customer = {
      id: `gid://shopify/Customer/${7100 + store.customers.length}`,
      email: data.email,
      password: crypto.randomBytes(12).toString("hex"),
      firstName: data.first_name ?? "",
      lastName: data.last_name ?? "",
      phone: null,
      acceptsMarketing: false,
      addresses: [],
      defaultAddressId: null,
      orders: [],
    };
    store.customers.push(customer);
  }
  return { customer, returnTo: data.return_to ?? null };
}

type Args = Record<string, unknown>;
type Connection = <T>(items: T[], args: Args) => unknown;
const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currencyCode: "USD" });
const userError = (code: string, message: string, field: string[] | null = null) => ({ code, field, message });

export function createCustomerResolvers(store: CustomerStore, origin: string, connection: Connection) {
  const byToken = (token: unknown) => customerOfToken(store, token);
  const issue = (customer: StoreCustomer) => {
    const accessToken = crypto.randomBytes(16).toString("hex");
    const expiresAt = new Date(Date.now() + TOKEN_TTL_MS).toISOString();
    store.tokens.set(accessToken, { customerId: customer.id, expiresAt });
    return { accessToken, expiresAt };
  };
  const addressView = (a: StoreAddress) => ({
    ...a,
    provinceCode: provinceCode(a.province),
    countryCodeV2: a.country === "United States" || a.country === "US" ? "US" : null,
    countryCode: a.country === "United States" || a.country === "US" ? "US" : null,
  });
  const orderView = (o: StoreOrder) => ({
    id: o.id,
    name: `#${o.number}`,
    orderNumber: o.number,
    processedAt: o.processedAt,
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    canceledAt: o.canceledAt,
    statusUrl: `${origin}/orders/${o.id.split("/").pop()}/authenticate?key=status`,
    totalPrice: money(o.totalCents),
    currencyCode: "USD",
    lineItems: (args: Args) => connection(o.lines, args),
  });
  const customerView = (c: StoreCustomer) => ({
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    displayName: `${c.firstName} ${c.lastName}`,
    phone: c.phone,
    acceptsMarketing: c.acceptsMarketing,
    defaultAddress: () => {
      const found = c.addresses.find((a) => a.id === c.defaultAddressId);
      return found ? addressView(found) : null;
    },
    addresses: (args: Args) => connection(c.addresses.map(addressView), args),
    orders: (args: Args) => {
      // Shopify's order search: `name:` or free text over the order name and its line titles.
      const q =
        typeof args.query === "string"
          ? args.query
              .trim()
              .toLowerCase()
              .replace(/^name:/, "")
          : "";
      const matching = [...c.orders]
        .sort((a, b) =>
          args.reverse ? b.processedAt.localeCompare(a.processedAt) : a.processedAt.localeCompare(b.processedAt),
        )
        .filter(
          (o) =>
            !q ||
            `#${o.number}`.includes(q.replace(/^#?/, "#")) ||
            o.lines.some((l) => l.title.toLowerCase().includes(q)),
        );
      return connection(matching.map(orderView), args);
    },
  });
  /** A MailingAddressInput applied over an address; Shopify refuses a blank first line. */
  const applyAddress = (target: StoreAddress, input: Args) => {
    for (const key of Object.keys(input) as (keyof StoreAddress)[]) {
      if (key !== "id") (target as unknown as Args)[key] = (input[key] as string | null) ?? null;
    }
  };
  const blankAddress = (input: Args) =>
    typeof input.address1 === "string" && input.address1.trim() === ""
      ? [userError("BLANK", "Address1 can't be blank", ["address", "address1"])]
      : [];

  return {
    customer: ({ customerAccessToken }: Args) => {
      const customer = byToken(customerAccessToken);
      return customer ? customerView(customer) : null;
    },
    customerAccessTokenCreate: ({ input }: Args) => {
      const { email, password } = input as { email: string; password: string };
      const customer = store.customers.find((c) => c.email.toLowerCase() === email.trim().toLowerCase());
      if (!customer || customer.password !== password) {
        const errors = [userError("UNIDENTIFIED_CUSTOMER", "Unidentified customer", null)];
        return { customerAccessToken: null, customerUserErrors: errors, userErrors: errors };
      }
      return { customerAccessToken: issue(customer), customerUserErrors: [], userErrors: [] };
    },
    customerCreate: ({ input }: Args) => {
      const given = input as {
        email: string;
        password: string;
        firstName?: string;
        lastName?: string;
        acceptsMarketing?: boolean;
      };
      const email = given.email.trim().toLowerCase();
      const errors = store.customers.some((c) => c.email.toLowerCase() === email)
        ? [userError("TAKEN", "Email has already been taken", ["input", "email"])]
        : given.password.length < 5
          ? [userError("TOO_SHORT", "Password is too short (minimum is 5 characters)", ["input", "password"])]
          : [];
      if (errors.length) return { customer: null, customerUserErrors: errors, userErrors: errors };
      const customer: StoreCustomer = {
        id: `gid://shopify/Customer/${7000 + store.customers.length + 1}`,
        email,
        password: given.password,
        firstName: given.firstName ?? "",
        lastName: given.lastName ?? "",
        phone: null,
        acceptsMarketing: given.acceptsMarketing ?? false,
        addresses: [],
        defaultAddressId: null,
        orders: [],
      };
      store.customers.push(customer);
      return { customer: customerView(customer), customerUserErrors: [], userErrors: [] };
    },
    customerRecover: ({ email }: Args) => {
      // Shopify answers the same whether or not the email has an account; it emails only a customer.
      if (store.customers.some((c) => c.email === String(email).trim().toLowerCase()))
        store.recoveries.push(String(email));
      return { customerUserErrors: [], userErrors: [] };
    },
    customerAccessTokenRenew: ({ customerAccessToken }: Args) => {
      const customer = byToken(customerAccessToken);
      if (!customer)
        return { customerAccessToken: null, userErrors: [{ field: null, message: "Access token does not exist" }] };
      store.tokens.delete(String(customerAccessToken));
      return { customerAccessToken: issue(customer), userErrors: [] };
    },
    customerAccessTokenDelete: ({ customerAccessToken }: Args) => {
      const existed = store.tokens.delete(String(customerAccessToken));
      return existed
        ? { deletedAccessToken: customerAccessToken, deletedCustomerAccessTokenId: "x", userErrors: [] }
        : {
            deletedAccessToken: null,
            deletedCustomerAccessTokenId: null,
            userErrors: [{ field: null, message: "Access token does not exist" }],
          };
    },
    customerUpdate: ({ customerAccessToken, customer: input }: Args) => {
      const customer = byToken(customerAccessToken);
      if (!customer) {
        const errors = [userError("TOKEN_INVALID", "Customer access token is invalid", ["customerAccessToken"])];
        return { customer: null, customerAccessToken: null, customerUserErrors: errors, userErrors: errors };
      }
      const given = input as Partial<StoreCustomer> & { email?: string };
      if (given.email && store.customers.some((c) => c !== customer && c.email === given.email)) {
        const errors = [userError("TAKEN", "Email has already been taken", ["customer", "email"])];
        return { customer: null, customerAccessToken: null, customerUserErrors: errors, userErrors: errors };
      }
      for (const key of ["email", "password", "firstName", "lastName", "phone", "acceptsMarketing"] as const) {
        if (given[key] !== undefined) (customer as unknown as Args)[key] = given[key];
      }
      // Changing the email or the password ends the customer's other tokens; Shopify answers a new one.
      if (given.email || given.password) {
        for (const [token, held] of store.tokens) if (held.customerId === customer.id) store.tokens.delete(token);
      }
      const renewed = given.email || given.password ? issue(customer) : null;
      return { customer: customerView(customer), customerAccessToken: renewed, customerUserErrors: [], userErrors: [] };
    },
    customerAddressCreate: ({ customerAccessToken, address }: Args) => {
      const customer = byToken(customerAccessToken);
      const errors = customer
        ? blankAddress(address as Args)
        : [userError("TOKEN_INVALID", "Customer access token is invalid")];
      if (!customer || errors.length) return { customerAddress: null, customerUserErrors: errors, userErrors: errors };
      const made = {
        id: `gid://shopify/MailingAddress/${store.nextAddress++}?model_name=CustomerAddress`,
      } as StoreAddress;
      applyAddress(made, address as Args);
      customer.addresses.push(made);
      return { customerAddress: addressView(made), customerUserErrors: [], userErrors: [] };
    },
    customerAddressUpdate: ({ customerAccessToken, id, address }: Args) => {
      const customer = byToken(customerAccessToken);
      const found = customer?.addresses.find((a) => a.id === id);
      const errors = !customer
        ? [userError("TOKEN_INVALID", "Customer access token is invalid")]
        : !found
          ? [userError("NOT_FOUND", "Address does not exist", ["id"])]
          : blankAddress(address as Args);
      if (!found || errors.length) return { customerAddress: null, customerUserErrors: errors, userErrors: errors };
      applyAddress(found, address as Args);
      return { customerAddress: addressView(found), customerUserErrors: [], userErrors: [] };
    },
    customerAddressDelete: ({ customerAccessToken, id }: Args) => {
      const customer = byToken(customerAccessToken);
      const found = customer?.addresses.find((a) => a.id === id);
      if (!customer || !found) {
        const errors = [userError(customer ? "NOT_FOUND" : "TOKEN_INVALID", "Address does not exist", ["id"])];
        return { deletedCustomerAddressId: null, customerUserErrors: errors, userErrors: errors };
      }
      customer.addresses = customer.addresses.filter((a) => a !== found);
      if (customer.defaultAddressId === found.id) customer.defaultAddressId = customer.addresses[0]?.id ?? null;
      return { deletedCustomerAddressId: found.id, customerUserErrors: [], userErrors: [] };
    },
    customerDefaultAddressUpdate: ({ customerAccessToken, addressId }: Args) => {
      const customer = byToken(customerAccessToken);
      const found = customer?.addresses.find((a) => a.id === addressId);
      if (!customer || !found) {
        const errors = [userError(customer ? "NOT_FOUND" : "TOKEN_INVALID", "Address does not exist", ["addressId"])];
        return { customer: null, customerUserErrors: errors, userErrors: errors };
      }
      customer.defaultAddressId = found.id;
      return { customer: customerView(customer), customerUserErrors: [], userErrors: [] };
    },
  };
}
