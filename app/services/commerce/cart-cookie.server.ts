import { createCookie } from "@remix-run/node";
import { serverSettings } from "~/env.server";

/** Cookie holding the cart id (shop-core spec section 3: col_cart_id). */
export const cartIdCookie = createCookie("col_cart_id", {
  httpOnly: true,
  sameSite: "lax",
  secure: serverSettings.NODE_ENV === "production",
  path: "/",
  maxAge: 60 * 60 * 24 * 30,
});

/** The cart id from the request's cookie, if any. */
export async function readCartId(request: Request): Promise<string | null> {
  const value: unknown = await cartIdCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}
