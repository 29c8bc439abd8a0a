// Signed-in JSON API calls (shop-core spec section 7 "Account and
// commerce"): the caller is the session cookie's customer, or the customer of a
// `sessionToken` in the body. No valid session is a 401; a refused customer
// change is answered with its own status by `answerServiceCall` (app/utils/api.server.ts).
import { z } from "zod";
import { AddressSchema } from "~/models/checkout-forms";
import { SAVED_CART_METAFIELD } from "~/services/commerce/index.server";
import { customers } from "~/services/customers/index.server";
import { identity } from "~/services/identity/index.server";
import { getSignedIn } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, parseJsonBody, requireMethod, zodFields } from "~/utils/api.server";

const unauthenticated = () => apiError(401, "UNAUTHENTICATED", "Sign in to use your account.");

/** The optional `sessionToken` of a signed-in call's body. */
export const SessionTokenSchema = z.string().max(512).nullish();

/** The part of every signed-in body read before the rest is validated. */
const SessionTokenBody = z.object({ sessionToken: SessionTokenSchema }).passthrough();

/**
 * The calling customer's id: from `body.sessionToken` when one is given (it
 * must be live and of this site), else from the session cookie. Throws a 401
 * answer when neither names a customer.
 */
export async function requireApiCustomer(request: Request, body: { sessionToken?: string | null }): Promise<string> {
  return (await requireApiSession(request, body)).customerId;
}

/** The calling customer and the session token that names them (the body's, else the cookie's); 401 without one. */
export async function requireApiSession(
  request: Request,
  body: { sessionToken?: string | null },
): Promise<{ customerId: string; sessionToken: string }> {
  if (body.sessionToken) {
    const session = await identity.resolveSession(body.sessionToken);
    if (session && session.site === getSite(request)) {
      return { customerId: session.customerId, sessionToken: body.sessionToken };
    }
    throw unauthenticated();
  }
  const signedIn = await getSignedIn(request);
  if (!signedIn) throw unauthenticated();
  return { customerId: signedIn.customerId, sessionToken: signedIn.token };
}

/**
 * A signed-in POST: checks the method, reads the JSON body, authenticates (401
 * before any field is judged), then validates the body (400 with fields).
 */
export async function readSignedInBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ customerId: string; sessionToken: string; body: z.output<S> }> {
  requireMethod(request, "POST");
  const raw = await parseJsonBody(request, SessionTokenBody);
  const { customerId, sessionToken } = await requireApiSession(request, raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw apiError(400, "INVALID_REQUEST", "The request body is not valid.", zodFields(parsed.error));
  }
  return { customerId, sessionToken, body: parsed.data };
}

// ---------------------------------------------------------------------------
// Bodies and answers of the customer calls

/** An id in a body. */
export const CustomerIdSchema = z.string().trim().min(1, "Give an id.").max(100);

/** Empty strings and nulls of an object's fields count as left out (optional fields may come either way). */
const withoutEmpty = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== "" && v !== null))
    : value;

/** An address in a body: the checkout's rules (US states and DC, 5-digit zip, US only). */
export const ApiAddressSchema = z.preprocess(withoutEmpty, AddressSchema);

/** The customer as get-embedded-customer answers it: profile, address book and default address. */
export async function customerJson(customerId: string) {
  const [profile, addresses] = await Promise.all([
    customers.getProfile(customerId),
    customers.listAddresses(customerId),
  ]);
  const saved = profile.metafields.find(
    (m) => m.namespace === SAVED_CART_METAFIELD.namespace && m.key === SAVED_CART_METAFIELD.key,
  );
  return {
    ...profile,
    addresses,
    defaultAddress: addresses.find((a) => a.isDefault) ?? null,
    persistedCartMetafield: saved ? { id: saved.id, value: saved.value } : null,
  };
}

/** Reads a URL-encoded query ("%23100001", "adult+dog"); undefined when it is not URL-encoded correctly. */
function decodeQuery(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, " ")).trim();
  } catch {
    return undefined;
  }
}

/** The get-{provider}-orders body (shop-core spec section 7). */
export const OrdersBodySchema = z.object({
  sessionToken: SessionTokenSchema,
  id: CustomerIdSchema,
  quantity: z
    .number({ invalid_type_error: "Quantity must be a number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(50, "Quantity must be at most 50.")
    .default(20),
  cursor: z.string().trim().max(200, "That cursor is not valid.").nullish(),
  query: z
    .string()
    .max(300, "Keep the query under 300 characters.")
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const decoded = decodeQuery(value);
      if (decoded === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "The query must be URL-encoded." });
        return z.NEVER;
      }
      return decoded || null;
    }),
});
