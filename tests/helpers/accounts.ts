// Password accounts for integration tests, made through the identity service as
// registration makes them.
import { identity } from "~/services/identity/index.server";

/** The password of every account `newAccount` makes. */
export const PASSWORD = "Walkies-2026";

/** A new consumer account with a unique email, tagged for reading failures. */
export async function newAccount(tag: string): Promise<{ email: string; customerId: string }> {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  const result = await identity.register({
    site: "DTC",
    email,
    password: PASSWORD,
    firstName: "Pat",
    lastName: "Doe",
    acceptsMarketing: false,
  });
  if (!result.ok) throw new Error("register failed");
  return { email, customerId: result.customerId };
}

/**
 * A multipass link as POST /api/multipass makes it: asked for by a new session of the
 * customer (the link is bound to it). Its token, and the asking session's token.
 */
export async function newMultipassLink(
  customerId: string,
  site: "DTC" | "HPSF" = "DTC",
  path = "/checkout",
): Promise<{ token: string; sessionToken: string }> {
  const { multipassLinks } = await import("~/services/sign-in/index.server");
  const sessionToken = await identity.createSession(customerId, site);
  return { token: await multipassLinks.create({ sessionToken, site, path }), sessionToken };
}
