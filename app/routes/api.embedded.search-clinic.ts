// POST /api/embedded/search-clinic { searchType: name|city|zip, searchTerm, jwt, sessionToken }
// → { results: ClinicSummary[] } (shop-core spec section 7): program clinics and
// schools only, at most 20, by name.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ClinicSearchSchema } from "~/models/staff-program-forms";
import { staffProgram } from "~/services/staff/index.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { readStaffCall } from "~/utils/staff-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const { body } = await readStaffCall(request, ClinicSearchSchema);
  return json({ results: await staffProgram.searchClinics(body) }, { headers: NO_STORE });
}
