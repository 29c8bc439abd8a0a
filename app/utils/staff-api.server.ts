// The staff-feeding program's JSON calls (shop-core spec section 7):
// POST /api/{identity}/search-clinic, join-clinic and fetch-address, each with
// the identity provider's `jwt` and a `sessionToken` (or the session cookie).
// Staff site only (404 elsewhere); no session or a JWT that is missing, expired
// or another customer's is a 401 before the body is judged (400 with fields).
import { z } from "zod";
import { sitePolicy } from "~/models/site-policy";
import { identityJwt } from "~/services/identity/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, notFound, parseJsonBody, requireMethod, zodFields } from "~/utils/api.server";
import { requireApiCustomer, SessionTokenSchema } from "~/utils/api-auth.server";

const StaffCallBody = z.object({ sessionToken: SessionTokenSchema, jwt: z.string().max(4096).nullish() }).passthrough();

/** Reads a staff-program call: site, method, session, JWT, then the body's own fields. */
export async function readStaffCall<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ customerId: string; body: z.output<S> }> {
  const site = getSite(request);
  if (!sitePolicy(site).staffProgram) {
    throw notFound("The staff-feeding program is on the staff site only.");
  }
  requireMethod(request, "POST");
  const raw = await parseJsonBody(request, StaffCallBody);
  const customerId = await requireApiCustomer(request, raw);
  const claims = raw.jwt ? await identityJwt.verify(raw.jwt) : null;
  if (!claims || claims.customerId !== customerId || claims.site !== site) {
    throw apiError(401, "INVALID_JWT", "Your sign-in has expired. Sign in again.", {
      jwt: raw.jwt ? "The JWT is expired or not yours." : "Send the JWT from get-jwt.",
    });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw apiError(400, "INVALID_REQUEST", "The request body is not valid.", zodFields(parsed.error));
  }
  return { customerId, body: parsed.data };
}
