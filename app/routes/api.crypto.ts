// POST /api/crypto { sessionToken? } (shop-core spec sections 4, 7 and 9): the
// two values of the order-management cookie "{customerId}|{hash}|{value}",
// Secure, for 2 hours, set once when absent. The hash is an HMAC of the
// customer id and the value, so the cookie cannot be forged for someone else.
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { createCookie, json } from "@remix-run/node";
import { z } from "zod";
import { serverSettings, sessionSettings } from "~/env.server";
import { readSignedInBody } from "~/utils/api-auth.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";

/** Order-management cookie lifetime (shop-core spec section 9). */
export const ORDER_MANAGEMENT_MAX_AGE = 2 * 60 * 60;

export const orderManagementCookie = createCookie("order_management", {
  httpOnly: true,
  sameSite: "lax",
  secure: serverSettings.NODE_ENV === "production",
  path: "/",
  maxAge: ORDER_MANAGEMENT_MAX_AGE,
});

const key = crypto.createHmac("sha256", sessionSettings.SESSION_SECRET).update("order-management").digest();

const sign = (customerId: string, value: string) =>
  crypto.createHmac("sha256", key).update(`${customerId}|${value}`).digest("hex");

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { customerId } = await readSignedInBody(request, z.object({}));
  const existing: unknown = await orderManagementCookie.parse(request.headers.get("Cookie"));
  const [owner, oldHash, oldValue] = typeof existing === "string" ? existing.split("|") : [];
  const headers = new Headers(NO_STORE);
  // Set once: a cookie of this customer with a valid hash stays as it is.
  if (owner === customerId && oldHash && oldValue && oldHash === sign(customerId, oldValue)) {
    return json({ hash: oldHash, value: oldValue }, { headers });
  }
  const value = crypto.randomBytes(16).toString("hex");
  const hash = sign(customerId, value);
  headers.append("Set-Cookie", await orderManagementCookie.serialize(`${customerId}|${hash}|${value}`));
  return json({ hash, value }, { headers });
}
