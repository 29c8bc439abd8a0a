// A Storefront API server on loopback for the Shopify adapter's tests: every request is validated
// and executed by graphql-js against Shopify's published schema (tests/shopify/schema.ts), with
// resolvers over an in-memory store (tests/shopify/store.ts) that follow Shopify's documented
// behaviour (Relay connections of at most 250, decimal money, the Cart API's userErrors and stock
// warnings). No reply is written by hand. Faults queued in `faults` are applied one per request.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { execute, parse, type GraphQLError } from "graphql";
import { storefrontSchema, validateDocument } from "./schema";
import {
  createCustomerResolvers,
  customerOfToken,
  fixtureCustomers,
  multipassSignIn,
  type CustomerStore,
} from "./customers";
import { fixtureStore, type Store, type StoreCart, type StoreProduct, type StoreVariant } from "./store";

/** One fault for the next request; `{}` lets it through (to fault the one after). */
export interface Fault {
  status?: 429 | 502 | 503;
  retryAfterSeconds?: number;
  /** Never answers (until the server closes): the client's time limit is what ends the call. */
  hang?: boolean;
  throttled?: boolean;
  drop?: boolean;
}

export interface RecordedRequest {
  operationName: string | null;
  query: string;
  variables: Record<string, unknown>;
  /** The schema's objections (none for a valid document). */
  errors: readonly GraphQLError[];
}

const PAGE_MAX = 250;
type Args = Record<string, unknown>;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (value: number) => ({ amount: (value / 100).toFixed(2), currencyCode: "USD" });

/** A Relay connection of `items` (first/after, last/before), at most 250 a page. */
function connection<T>(items: T[], args: Args) {
  const first = args.first as number | undefined;
  const last = args.last as number | undefined;
  const cursor = (i: number) => Buffer.from(`cursor:${i}`).toString("base64");
  const index = (c: unknown) => (typeof c === "string" ? Number(Buffer.from(c, "base64").toString().slice(7)) : null);
  let start = 0;
  let end = items.length;
  const after = index(args.after);
  const before = index(args.before);
  if (after !== null) start = after + 1;
  if (before !== null) end = before;
  if (first !== undefined) end = Math.min(end, start + Math.min(first, PAGE_MAX));
  if (last !== undefined) start = Math.max(start, end - Math.min(last, PAGE_MAX));
  const slice = items.slice(start, end);
  return {
    nodes: slice,
    edges: slice.map((node, i) => ({ cursor: cursor(start + i), node })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(start) : null,
      endCursor: slice.length ? cursor(end - 1) : null,
    },
  };
}

function metafieldsOf(owner: { metafields: { key: string; type: string; value: string }[] }) {
  const one = (namespace: string, key: string) => {
    const field = namespace === "profeeding" ? owner.metafields.find((m) => m.key === key) : undefined;
    return field ? { __typename: "Metafield", namespace, key, type: field.type, value: field.value } : null;
  };
  return {
    metafield: ({ namespace, key }: Args) => one(String(namespace), String(key)),
    metafields: ({ identifiers }: Args) =>
      (identifiers as { namespace: string; key: string }[]).map(({ namespace, key }) => one(namespace, key)),
  };
}

function createResolvers(store: Store, origin: string, customers: CustomerStore) {
  const findVariant = (id: string) => {
    for (const product of store.products) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return null;
  };
  const image = (url: string | null, altText = "") => (url ? { url, altText, width: 600, height: 600 } : null);

  const planView = (plan: Store["sellingPlans"][number]) => ({
    id: plan.id,
    name: plan.name,
    description: null,
    recurringDeliveries: true,
    options: [{ name: "Delivery every", value: `${plan.weeks} weeks` }],
    priceAdjustments: [],
    deliveryPolicy: { __typename: "SellingPlanRecurringDeliveryPolicy", interval: "WEEK", intervalCount: plan.weeks },
  });

  const variantView = (product: StoreProduct, variant: StoreVariant): Args => ({
    __typename: "ProductVariant",
    id: variant.id,
    sku: variant.sku,
    title: variant.title,
    availableForSale: variant.quantity > 0,
    currentlyNotInStock: variant.quantity <= 0,
    quantityAvailable: variant.quantity,
    price: money(cents(variant.price)),
    compareAtPrice: variant.compareAtPrice === null ? null : money(cents(variant.compareAtPrice)),
    selectedOptions: variant.options,
    weight: variant.weight,
    weightUnit: variant.weightUnit,
    image: image(variant.image, variant.title),
    product: () => productView(product),
    ...metafieldsOf(variant),
  });

  const productView = (product: StoreProduct): Args => ({
    __typename: "Product",
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    descriptionHtml: `<p>${product.description}</p>`,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    publishedAt: product.publishedAt,
    createdAt: product.publishedAt,
    updatedAt: product.updatedAt,
    availableForSale: product.variants.some((v) => v.quantity > 0),
    requiresSellingPlan: false,
    options: ["Size", "Flavor", "Product Form"].map((name) => ({
      name,
      optionValues: [...new Set(product.variants.map((v) => v.options.find((o) => o.name === name)?.value ?? ""))].map(
        (value) => ({ name: value }),
      ),
    })),
    images: (args: Args) => connection(product.images, args),
    featuredImage: product.images[0] ?? null,
    variants: (args: Args) =>
      connection(
        product.variants.map((v) => variantView(product, v)),
        args,
      ),
    sellingPlanGroups: (args: Args) =>
      connection(
        product.autoship
          ? [
              {
                name: "Autoship",
                appName: null,
                options: [{ name: "Delivery every", values: store.sellingPlans.map((p) => `${p.weeks} weeks`) }],
                sellingPlans: (planArgs: Args) => connection(store.sellingPlans.map(planView), planArgs),
              },
            ]
          : [],
        args,
      ),
    ...metafieldsOf(product),
  });

  const lineCost = (line: StoreCart["lines"][number]) => {
    const found = findVariant(line.merchandiseId)!;
    const unit = cents(found.variant.price);
    return { unit, total: unit * line.quantity };
  };

  const cartView = (cart: StoreCart): Args => {
    const subtotal = cart.lines.reduce((sum, line) => sum + lineCost(line).total, 0);
    return {
      __typename: "Cart",
      id: cart.id,
      checkoutUrl: `${origin}/cart/c/${cart.token}?key=${cart.token.slice(0, 8)}`,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      totalQuantity: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
      note: cart.note,
      attributes: cart.attributes,
      discountCodes: cart.discountCodes.map((code) => ({ code, applicable: false })),
      buyerIdentity: {
        email: cart.buyerIdentity.email,
        phone: cart.buyerIdentity.phone,
        countryCode: cart.buyerIdentity.countryCode,
        customer: null,
        deliveryAddressPreferences: [],
      },
      cost: {
        subtotalAmount: money(subtotal),
        totalAmount: money(subtotal),
        checkoutChargeAmount: money(subtotal),
        subtotalAmountEstimated: false,
        totalAmountEstimated: true,
        totalDutyAmountEstimated: false,
        totalTaxAmountEstimated: true,
      },
      lines: (args: Args) =>
        connection(
          cart.lines.map((line) => {
            const found = findVariant(line.merchandiseId)!;
            const plan = store.sellingPlans.find((p) => p.id === line.sellingPlanId);
            const { unit, total } = lineCost(line);
            return {
              __typename: "CartLine",
              id: line.id,
              quantity: line.quantity,
              attributes: line.attributes,
              merchandise: variantView(found.product, found.variant),
              sellingPlanAllocation: plan
                ? {
                    sellingPlan: planView(plan),
                    priceAdjustments: [],
                    checkoutChargeAmount: money(unit),
                    remainingBalanceChargeAmount: money(0),
                  }
                : null,
              cost: { totalAmount: money(total), subtotalAmount: money(total), amountPerQuantity: money(unit) },
            };
          }),
          args,
        ),
    };
  };

  type UserError = { field: string[] | null; message: string; code: string };
  type Warning = { code: string; message: string; target: string };
  const payload = (cart: StoreCart | null, userErrors: UserError[] = [], warnings: Warning[] = []) => ({
    cart: cart && userErrors.length === 0 ? cartView(cart) : null,
    userErrors,
    warnings,
  });
  const noCart = () =>
    payload(null, [{ field: ["cartId"], message: "The specified cart does not exist.", code: "INVALID" }]);

  /** Lines as Shopify takes them: merged by merchandise and plan, held to stock with a warning. */
  function addLines(cart: StoreCart, inputs: Args[], field: string[]): { errors: UserError[]; warnings: Warning[] } {
    const errors: UserError[] = [];
    const warnings: Warning[] = [];
    inputs.forEach((input, i) => {
      const found = findVariant(String(input.merchandiseId));
      if (!found) {
        errors.push({
          field: [...field, String(i), "merchandiseId"],
          message: `The merchandise with id ${String(input.merchandiseId)} does not exist.`,
          code: "INVALID",
        });
        return;
      }
      const planId = (input.sellingPlanId as string | undefined) ?? null;
      if (planId && (!found.product.autoship || !store.sellingPlans.some((p) => p.id === planId))) {
        errors.push({
          field: [...field, String(i), "sellingPlanId"],
          message: "The selling plan is not applicable to this merchandise.",
          code: "SELLING_PLAN_NOT_APPLICABLE",
        });
        return;
      }
      let line = cart.lines.find((l) => l.merchandiseId === found.variant.id && l.sellingPlanId === planId);
      if (!line) {
        line = {
          id: `gid://shopify/CartLine/${store.nextId++}?cart=${cart.token}`,
          merchandiseId: found.variant.id,
          quantity: 0,
          attributes: (input.attributes as StoreCart["attributes"]) ?? [],
          sellingPlanId: planId,
        };
        cart.lines.push(line);
      }
      const wanted = line.quantity + ((input.quantity as number | undefined) ?? 1);
      line.quantity = Math.min(wanted, found.variant.quantity);
      if (line.quantity < wanted) {
        warnings.push({
          code: found.variant.quantity > 0 ? "MERCHANDISE_NOT_ENOUGH_STOCK" : "MERCHANDISE_OUT_OF_STOCK",
          message:
            found.variant.quantity > 0
              ? `Only ${found.variant.quantity} items were added to your cart due to availability.`
              : "The product is out of stock.",
          target: line.id,
        });
      }
    });
    cart.lines = cart.lines.filter((l) => l.quantity > 0);
    return { errors, warnings };
  }

  /** Applies a change to a copy, kept only when Shopify would accept it (userErrors change nothing). */
  function change(cartId: unknown, work: (cart: StoreCart) => { errors?: UserError[]; warnings?: Warning[] }) {
    const cart = store.carts.get(String(cartId));
    if (!cart) return noCart();
    const draft: StoreCart = structuredClone(cart);
    const { errors = [], warnings = [] } = work(draft);
    if (errors.length) return payload(null, errors);
    draft.updatedAt = new Date().toISOString();
    store.carts.set(draft.id, draft);
    return payload(draft, [], warnings);
  }

  const identity = (input: Args | undefined) => ({
    email: (input?.email as string | undefined) ?? null,
    phone: (input?.phone as string | undefined) ?? null,
    countryCode: (input?.countryCode as string | undefined) ?? null,
    customerId: input?.customerAccessToken ? (customerOfToken(customers, input.customerAccessToken)?.id ?? null) : null,
  });
  /** A customerAccessToken Shopify does not know is refused, the cart unchanged. */
  const badToken = (input: Args | undefined): UserError[] =>
    input?.customerAccessToken && !customerOfToken(customers, input.customerAccessToken)
      ? [
          {
            field: ["buyerIdentity", "customerAccessToken"],
            message: "Customer access token is invalid.",
            code: "INVALID",
          },
        ]
      : [];

  return {
    shop: { name: "Pet Food Test", description: null, primaryDomain: { url: origin, host: new URL(origin).host } },
    products: (args: Args) => {
      const query = typeof args.query === "string" ? args.query.toLowerCase() : "";
      const matching = store.products.filter((p) => !query || p.title.toLowerCase().includes(query));
      return connection(
        [...matching].sort((a, b) => Number(a.id.split("/").pop()) - Number(b.id.split("/").pop())).map(productView),
        args,
      );
    },
    product: ({ id, handle }: Args) => {
      const product = store.products.find((p) => (id ? p.id === id : p.handle === handle));
      return product ? productView(product) : null;
    },
    cart: ({ id }: Args) => {
      const cart = store.carts.get(String(id));
      return cart ? cartView(cart) : null;
    },
    cartCreate: ({ input }: Args) => {
      const given = (input ?? {}) as Args;
      const token = `c${store.nextId++}${Math.random().toString(36).slice(2, 10)}`;
      const at = new Date().toISOString();
      const cart: StoreCart = {
        id: `gid://shopify/Cart/${token}?key=${token.slice(0, 8)}`,
        token,
        lines: [],
        attributes: (given.attributes as StoreCart["attributes"]) ?? [],
        note: (given.note as string | undefined) ?? null,
        discountCodes: (given.discountCodes as string[] | undefined) ?? [],
        buyerIdentity: identity(given.buyerIdentity as Args | undefined),
        createdAt: at,
        updatedAt: at,
      };
      const { errors, warnings } = addLines(cart, (given.lines as Args[]) ?? [], ["input", "lines"]);
      if (errors.length) return payload(null, errors);
      store.carts.set(cart.id, cart);
      return payload(cart, [], warnings);
    },
    cartLinesAdd: ({ cartId, lines }: Args) => change(cartId, (cart) => addLines(cart, lines as Args[], ["lines"])),
    cartLinesUpdate: ({ cartId, lines }: Args) =>
      change(cartId, (cart) => {
        const errors: UserError[] = [];
        const warnings: Warning[] = [];
        (lines as Args[]).forEach((update, i) => {
          const line = cart.lines.find((l) => l.id === update.id);
          if (!line) {
            errors.push({
              field: ["lines", String(i), "id"],
              message: "The merchandise line was not found in cart.",
              code: "INVALID_MERCHANDISE_LINE",
            });
            return;
          }
          if (update.sellingPlanId !== undefined) line.sellingPlanId = (update.sellingPlanId as string | null) ?? null;
          if (update.attributes) line.attributes = update.attributes as StoreCart["attributes"];
          if (typeof update.quantity === "number") {
            const stock = findVariant(line.merchandiseId)!.variant.quantity;
            line.quantity = Math.min(update.quantity, stock);
            if (line.quantity < update.quantity) {
              warnings.push({
                code: "MERCHANDISE_NOT_ENOUGH_STOCK",
                message: `Only ${stock} items were added to your cart due to availability.`,
                target: line.id,
              });
            }
          }
        });
        cart.lines = cart.lines.filter((l) => l.quantity > 0);
        return { errors, warnings };
      }),
    cartLinesRemove: ({ cartId, lineIds }: Args) =>
      change(cartId, (cart) => {
        const ids = lineIds as string[];
        const missing = ids.findIndex((id) => !cart.lines.some((l) => l.id === id));
        if (missing >= 0) {
          return {
            errors: [
              {
                field: ["lineIds", String(missing)],
                message: "The merchandise line was not found in cart.",
                code: "INVALID_MERCHANDISE_LINE",
              },
            ],
          };
        }
        cart.lines = cart.lines.filter((l) => !ids.includes(l.id));
        return {};
      }),
    cartAttributesUpdate: ({ cartId, attributes }: Args) =>
      change(cartId, (cart) => {
        cart.attributes = attributes as StoreCart["attributes"];
        return {};
      }),
    cartBuyerIdentityUpdate: ({ cartId, buyerIdentity }: Args) =>
      change(cartId, (cart) => {
        const errors = badToken(buyerIdentity as Args);
        if (errors.length) return { errors };
        const given = identity(buyerIdentity as Args);
        cart.buyerIdentity = {
          email: (buyerIdentity as Args).email === undefined ? cart.buyerIdentity.email : given.email,
          phone: (buyerIdentity as Args).phone === undefined ? cart.buyerIdentity.phone : given.phone,
          countryCode: given.countryCode ?? cart.buyerIdentity.countryCode,
          customerId: given.customerId ?? cart.buyerIdentity.customerId,
        };
        return {};
      }),
    cartDiscountCodesUpdate: ({ cartId, discountCodes }: Args) =>
      change(cartId, (cart) => {
        cart.discountCodes = discountCodes as string[];
        return {};
      }),
    cartNoteUpdate: ({ cartId, note }: Args) =>
      change(cartId, (cart) => {
        cart.note = String(note);
        return {};
      }),
  };
}

const typeResolver = (value: unknown) => (value as { __typename?: string }).__typename;

/** Starts the server on 127.0.0.1 (a free port); the fixture store unless one is given. */
export async function startStorefrontServer(
  options: {
    store?: Store;
    customers?: CustomerStore;
    token?: string;
    apiVersion?: string;
    /** The store's Multipass secret (Shopify Plus): /account/login/multipass/{token} then signs in. */
    multipassSecret?: string;
  } = {},
) {
  const token = options.token ?? "test-storefront-token";
  const endpoint = `/api/${options.apiVersion ?? "2026-04"}/graphql.json`;
  const requests: RecordedRequest[] = [];
  /** The emails Multipass signed in, in order. */
  const multipassSignIns: string[] = [];
  const faults: Fault[] = [];
  const sockets = new Set<Socket>();
  // Made once the port (and so the fixture's picture URLs) is known, before any request.
  const state = {} as { resolvers: Record<string, unknown> };

  const reply = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  /** Multipass: a valid token signs the customer in on the store (a cookie) and goes on to return_to. */
  const multipass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const token = (req.url ?? "").split("/").pop()!.split("?")[0];
    const signedIn = options.multipassSecret ? multipassSignIn(customers, options.multipassSecret, token) : null;
    if (!signedIn || "error" in signedIn) {
      res.writeHead(403, { "Content-Type": "text/plain" });
      return res.end("Invalid Multipass request");
    }
    multipassSignIns.push(signedIn.customer.email);
    // Shopify goes on only to its own store's pages.
    const target = signedIn.returnTo?.startsWith(`${origin}/`) ? signedIn.returnTo : `${origin}/account`;
    res.writeHead(302, {
      Location: target,
      "Set-Cookie": `customer=${encodeURIComponent(signedIn.customer.id)}; Path=/`,
    });
    res.end();
  };

  /** Shopify's checkout for a cart, as far as the tests read it: who is signed in, the lines, the attributes. */
  const checkoutPage = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const cartToken = (req.url ?? "").split("/")[3]?.split("?")[0];
    const cart = [...store.carts.values()].find((c) => c.token === cartToken);
    if (!cart) return reply(res, 404, { errors: "Not Found" });
    const cookie = /(?:^|; )customer=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const customerId = cart.buyerIdentity.customerId ?? (cookie ? decodeURIComponent(cookie) : null);
    const customer = customers.customers.find((c) => c.id === customerId);
    const html = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout - Pet Food Test</title></head><body><main>` +
        `<h1>Checkout</h1>` +
        `<p>${customer ? `Signed in as ${html(customer.email)}` : "Guest checkout"}</p>` +
        `<ul aria-label="Items">${cart.lines.map((l) => `<li>${html(l.merchandiseId)} × ${l.quantity}</li>`).join("")}</ul>` +
        `<dl aria-label="Attributes">${cart.attributes.map((a) => `<dt>${html(a.key)}</dt><dd>${html(a.value)}</dd>`).join("")}</dl>` +
        `</main></body></html>`,
    );
  };

  const server = http.createServer((req, res) => {
    // The pictures the fixture's image URLs name: the seeded catalogue's, from public/.
    if (req.method === "GET" && req.url?.startsWith("/images/products/")) {
      const file = path.resolve("public", `.${decodeURIComponent(req.url.split("?")[0])}`);
      if (file.startsWith(path.resolve("public/images/products")) && fs.existsSync(file)) {
        res.writeHead(200, { "Content-Type": "image/png" });
        fs.createReadStream(file).pipe(res);
      } else reply(res, 404, { errors: "Not Found" });
      return;
    }
    if (req.method === "GET" && req.url?.startsWith("/account/login/multipass/")) return multipass(req, res);
    if (req.method === "GET" && req.url?.startsWith("/cart/c/")) return checkoutPage(req, res);
    if (req.method !== "POST" || req.url !== endpoint) return reply(res, 404, { errors: "Not Found" });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
      } catch {
        return reply(res, 400, { errors: [{ message: "Bad Request: the body is not JSON" }] });
      }
      const recorded: RecordedRequest = {
        operationName: body.operationName ?? null,
        query: body.query ?? "",
        variables: body.variables ?? {},
        errors: [],
      };
      requests.push(recorded);
      const fault = faults.shift() ?? {};
      if (fault.drop) return req.socket.destroy();
      if (fault.status === 429) {
        return reply(
          res,
          429,
          { errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] },
          fault.retryAfterSeconds === undefined ? {} : { "Retry-After": String(fault.retryAfterSeconds) },
        );
      }
      if (fault.status) return reply(res, fault.status, { errors: [{ message: "Service Unavailable" }] });
      if (req.headers["x-shopify-storefront-access-token"] !== token) {
        return reply(res, 401, {
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });
      }
      if (fault.throttled)
        return reply(res, 200, { errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] });

      const answer = () => {
        let errors: readonly GraphQLError[];
        try {
          errors = validateDocument(recorded.query);
        } catch (error) {
          errors = [error as GraphQLError];
        }
        recorded.errors = errors;
        if (errors.length) return reply(res, 200, { errors: errors.map((e) => e.toJSON()) });
        void Promise.resolve(
          execute({
            schema: storefrontSchema,
            document: parse(recorded.query),
            rootValue: state.resolvers,
            variableValues: recorded.variables,
            operationName: recorded.operationName ?? undefined,
            typeResolver,
          }),
        ).then((result) => reply(res, 200, result));
      };
      // The socket is destroyed on close, so a hung request never outlives its test.
      if (!fault.hang) answer();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = options.store ?? fixtureStore(origin);
  const customers = options.customers ?? fixtureCustomers();
  state.resolvers = {
    ...createResolvers(store, origin, customers),
    ...createCustomerResolvers(customers, origin, connection),
  };

  return {
    origin,
    endpoint: `${origin}${endpoint}`,
    store,
    customers,
    requests,
    faults,
    multipassSignIns,
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
