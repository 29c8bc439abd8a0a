// Shared plumbing of the public JSON API resource routes (docs/architecture.md
// "Forms and the JSON API"): one error shape, body and query validation with
// zod, 405s, and the listing body the content-service listing calls share.
import { json } from "@remix-run/node";
import { z } from "zod";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { MAX_ID_LENGTH } from "~/models/cart-input";
import { FILTER_GROUPS } from "~/models/filter-groups";
import { parseListingState, SORT_OPTIONS } from "~/models/listing";
import { isServiceError, type ServiceError, serviceErrorFields } from "~/models/service-error";
import type { SiteId } from "~/models/site";
import {
  type Cart,
  CartError,
  type CartResult,
  commerce,
  deleteSavedCart,
  savedCartId,
  type ListingQuery,
} from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";

/** The body of every API error answer. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Largest request body read (bytes); bodies here are a few handles or filters. */
export const MAX_BODY_BYTES = 64 * 1024;

/** An API error answer: `{ error: { code, message, fields? } }` with the given status. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  headers?: HeadersInit,
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  return json(body, { status, headers: responseHeaders });
}

/** Headers of answers that must not be cached (carts, stock, anything of a session): models/cache-policy.ts. */
export const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE } as const;

/**
 * The one "not found" of the JSON API (docs/rules.md "Forms and inputs", "Not found"):
 * a 404 `NOT_FOUND` error answer, with the unknown input when named. Something that is
 * not the caller's is not found too. Pages throw `pageNotFound` (app/utils/form.server.ts).
 */
export function notFound(message: string, field?: string): Response {
  return apiError(404, "NOT_FOUND", message, field ? { [field]: message } : undefined);
}

/**
 * The one API answer of a service's refusal (docs/rules.md "Service errors know their status"):
 * `{ error: { code, message, fields } }` with the error's own status; its field is named as
 * the request body names it (`fieldPrefix`, `fieldName`).
 */
export function serviceErrorResponse(
  error: ServiceError,
  options: { fieldPrefix?: string; fieldName?: (field: string) => string } = {},
): Response {
  return apiError(error.status, error.code, error.message, serviceErrorFields(error, options));
}

/**
 * Runs a service call and answers its result as JSON (`Cache-Control: private, no-store`);
 * a ServiceError becomes its error answer (`serviceErrorResponse`), anything else propagates.
 */
export async function answerServiceCall(
  call: () => Promise<unknown>,
  options: { status?: number; fieldPrefix?: string; fieldName?: (field: string) => string } = {},
): Promise<Response> {
  try {
    return json(await call(), { status: options.status ?? 200, headers: NO_STORE });
  } catch (error) {
    if (isServiceError(error)) return serviceErrorResponse(error, options);
    throw error;
  }
}

/** A 405 error answer naming the allowed methods in its Allow header. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return apiError(405, "METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")}.`, undefined, {
    Allow: allowed.join(", "),
  });
}

/** Throws a 405 answer unless the request uses the method. */
export function requireMethod(request: Request, method: "POST"): void {
  if (request.method.toUpperCase() !== method) throw methodNotAllowed([method]);
}

/** Failing field paths (e.g. "handles.2") and their first message; "body" for the whole body. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

function validate<S extends z.ZodTypeAny>(schema: S, data: unknown, what: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw apiError(400, "INVALID_REQUEST", `The ${what} is not valid.`, zodFields(result.error));
  return result.data;
}

/** How a JSON body is read: its size limit, what it is called in messages, and the message when it fails the schema. */
export interface JsonBodyOptions {
  maxBytes?: number;
  /** "request body", "error report", "analytics post"... */
  noun?: string;
  /** Said when the body fails the schema (default: "The {noun} is not valid."). */
  invalidMessage?: string;
}

/**
 * Reads a JSON request body and validates it; throws a 400 answer when it is not
 * JSON, not valid Unicode or fails the schema (with fields), a 413 when it is larger
 * than `maxBytes` (MAX_BODY_BYTES unless told). An empty body counts as `{}`, so
 * calls whose fields are all optional need none.
 */
export async function parseJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  { maxBytes = MAX_BODY_BYTES, noun = "request body", invalidMessage }: JsonBodyOptions = {},
): Promise<z.output<S>> {
  const tooLarge = () => apiError(413, "PAYLOAD_TOO_LARGE", `The ${noun} exceeds ${maxBytes} bytes.`);
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw tooLarge();
  let text: string;
  try {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > maxBytes) throw tooLarge();
    text = new TextDecoder().decode(bytes);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw apiError(400, "MALFORMED_JSON", "The request body could not be read.");
  }
  let data: unknown = {};
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw apiError(400, "MALFORMED_JSON", `The ${noun} is not valid JSON.`);
    }
  }
  // JSON may escape half a UTF-16 pair ("\ud800"); such text cannot be stored or compared.
  if (hasLoneSurrogate(data)) {
    throw apiError(400, "MALFORMED_JSON", `The ${noun} contains text that is not valid Unicode.`);
  }
  const result = schema.safeParse(data);
  if (!result.success)
    throw apiError(400, "INVALID_REQUEST", invalidMessage ?? `The ${noun} is not valid.`, zodFields(result.error));
  return result.data;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a parsed JSON value has a string or key with a lone UTF-16 surrogate (walked without recursion). */
export function hasLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (LONE_SURROGATE.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Validates a GET request's query parameters (one value each); throws a 400 answer with fields. */
export function parseSearchParams<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
  return validate(schema, Object.fromEntries(new URL(request.url).searchParams), "query");
}

/** A product handle as the API accepts it. */
export const HandleSchema = z.string().trim().min(1).max(255);

/** `{ handles }`: 1 to 50 product handles. */
export const HandlesBodySchema = z.object({ handles: z.array(HandleSchema).min(1).max(50) });

/** `{ handle }`: one product handle. */
export const HandleBodySchema = z.object({ handle: HandleSchema });

const SORT_KEYS = SORT_OPTIONS.map((o) => o.value) as [
  (typeof SORT_OPTIONS)[number]["value"],
  ...(typeof SORT_OPTIONS)[number]["value"][],
];

/** Body of the content service's get-products and get-filtered-products (catalogue spec section 7). */
export const ListingBodySchema = z.object({
  /** Filter-group slug → option slugs; unknown slugs are ignored like on the pages. */
  filters: z.record(z.string(), z.array(z.string().max(100)).max(50)).optional(),
  limit: z.number().int().min(1).max(100).default(24),
  page: z.number().int().min(1).default(1),
  sort: z.enum(SORT_KEYS).default("featured"),
});

const GROUP_SLUGS = new Set(FILTER_GROUPS.map((g) => g.slug));

/**
 * The listing query for a get-products body. Filters go through the pages' URL
 * parser, so options not shown on the site are ignored the same way; only
 * filter-group slugs are read, so a body cannot set sort, page or price by name.
 */
export function listingQueryFromBody(site: SiteId, body: z.output<typeof ListingBodySchema>): ListingQuery {
  const params = new URLSearchParams();
  for (const [slug, values] of Object.entries(body.filters ?? {})) {
    if (GROUP_SLUGS.has(slug)) for (const value of values) params.append(slug, value);
  }
  const state = { ...parseListingState(params, { site }), sort: body.sort, page: body.page };
  return { site, fixed: {}, state, pageSize: body.limit };
}

// ---------------------------------------------------------------------------
// Cart calls (shop-core spec section 7 "Cart"): bodies, answers and error mapping.

/** A cart id as the API accepts it (line, variant and plan ids: app/models/cart-input.ts). */
export const CartIdSchema = z.string().trim().min(1).max(MAX_ID_LENGTH);

/** The spec's buyerIdentity; every field may be null (cleared) or left out (kept). */
export const BuyerIdentitySchema = z.object({
  email: z.string().trim().email().max(254).nullish(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{3,32}$/, "Enter a phone number.")
    .nullish(),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Use a two-letter country code.")
    .transform((code) => code.toUpperCase())
    .nullish(),
  // Accepted as the spec sends it; carts are linked to customers at sign-in, not by this token.
  customerAccessToken: z.string().max(1000).nullish(),
});

/** The request-body path of a cart service field ("lines.0.quantity" → "lineItems.0.quantity"). */
function bodyField(field: string): string {
  if (field === "lineIds") return "lineItemIds";
  return field.replace(/^lines\./, "lineItems.");
}

/** The API error answer for a refused cart change, its field named as the request body names it. */
export function cartErrorResponse(error: CartError): Response {
  return serviceErrorResponse(error, { fieldName: bodyField });
}

/** The public JSON of a cart: the service's Cart without the internal site and customer id. */
export function cartJson(cart: Cart | null) {
  if (!cart) return null;
  const { id, checkoutUrl, totalQuantity, lines, cost, buyerIdentity, attributes, note, discountCodes } = cart;
  return { id, checkoutUrl, totalQuantity, lines, cost, buyerIdentity, attributes, note, discountCodes };
}

const cartNotFound = () => new CartError("CART_NOT_FOUND", "That cart does not exist.", "cartId");

/**
 * Runs a cart change and answers `{ cart, notices }`; a refused change (CartError) is
 * its error answer, after `onRefused` has logged it. Other errors propagate.
 */
export async function answerCartChange(
  change: () => Promise<CartResult>,
  onRefused?: (error: CartError) => void,
): Promise<Response> {
  try {
    const { cart, notices } = await change();
    return json({ cart: cartJson(cart), notices }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    onRefused?.(error);
    return cartErrorResponse(error);
  }
}

/** The cart named in a body when it belongs to the request's site; throws a 404 answer otherwise. */
export async function requireSiteCart(request: Request, cartId: string): Promise<Cart> {
  const cart = await commerce.getCart(cartId);
  // Another site's cart is not found: its lines were priced and checked for that site.
  if (!cart || cart.site !== getSite(request)) throw cartErrorResponse(cartNotFound());
  return cart;
}

/**
 * Changes the request site's cart `cartId` and answers `{ cart, notices }`. A cart the
 * change emptied is discarded (`cart: null`) and, when it was a customer's saved cart,
 * the saved-cart metafield is deleted (shop-core spec section 4).
 */
export function changeSiteCart(
  request: Request,
  cartId: string,
  change: (cartId: string) => Promise<CartResult>,
  onRefused?: (error: CartError) => void,
): Promise<Response> {
  return answerCartChange(async () => {
    const cart = await commerce.getCart(cartId);
    if (!cart || cart.site !== getSite(request)) throw cartNotFound();
    const result = await change(cart.id);
    if (!result.cart && cart.customerId && (await savedCartId(cart.customerId)) === cart.id) {
      await deleteSavedCart(cart.customerId);
    }
    return result;
  }, onRefused);
}

/**
 * The action of a cart-change call (shop-core spec section 7, "Cart"): POST
 * only, a body of `{ cartId, ...fields }` validated with zod (400 with fields),
 * then `change` on the request site's cart, answered by `changeSiteCart`.
 */
export function cartChangeAction<Fields extends z.ZodRawShape>(
  fields: Fields,
  change: (cartId: string, body: z.output<z.ZodObject<Fields>>) => Promise<CartResult>,
  onRefused?: (error: CartError) => void,
) {
  const schema = z.object({ ...fields, cartId: CartIdSchema });
  return async ({ request }: { request: Request }): Promise<Response> => {
    requireMethod(request, "POST");
    // zod cannot infer a generic shape's keys; the schema above guarantees this type.
    const body = (await parseJsonBody(request, schema)) as z.output<z.ZodObject<Fields>> & { cartId: string };
    return changeSiteCart(request, body.cartId, (id) => change(id, body), onRefused);
  };
}
