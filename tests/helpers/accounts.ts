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
