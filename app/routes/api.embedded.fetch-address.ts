// POST /api/embedded/fetch-address { clinicID, jwt, sessionToken } → { clinicID,
// name, clinicAddress } (shop-core spec section 7; catalogue spec section 3
// "Clinic address"). clinicID is the clinic's ship-to number; 404 when no
// program clinic has it.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { StaffError, staffProgram } from "~/services/staff/index.server";
import { methodNotAllowed, NO_STORE, serviceErrorResponse } from "~/utils/api.server";
import { readStaffCall } from "~/utils/staff-api.server";

export const loader = () => methodNotAllowed(["POST"]);

const Body = z.object({ clinicID: z.string().trim().min(1, "Give a clinicID.").max(40) });

export async function action({ request }: ActionFunctionArgs) {
  const { body } = await readStaffCall(request, Body);
  try {
    const {
      clinicID,
      name,
      groupID: _group,
      kind: _kind,
      ...clinicAddress
    } = await staffProgram.clinicAddress(body.clinicID);
    return json({ clinicID, name, clinicAddress }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof StaffError) return serviceErrorResponse(error);
    throw error;
  }
}
