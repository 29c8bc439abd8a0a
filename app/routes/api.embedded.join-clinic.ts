// POST /api/embedded/join-clinic { groupID, jwt, sessionToken } → { member }
// (shop-core spec sections 4 and 7): joins the program clinic or school, which
// assigns the account group, ship-to and sold-to and runs onboarding; the
// location cookie becomes "{zip}::{home|clinic}". Unknown ids answer 404, a
// clinic of another program or the wrong kind for the member's role 422, and
// nothing changes.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { setMemberLocation, getSession, sessionStorage } from "~/services/http/index.server";
import { StaffError, staffProgram } from "~/services/staff/index.server";
import { methodNotAllowed, NO_STORE, serviceErrorResponse } from "~/utils/api.server";
import { readStaffCall } from "~/utils/staff-api.server";

export const loader = () => methodNotAllowed(["POST"]);

const Body = z.object({ groupID: z.string().trim().min(1, "Give a groupID.").max(40) });

export async function action({ request }: ActionFunctionArgs) {
  const { customerId, body } = await readStaffCall(request, Body);
  try {
    const { roleCode: _roleCode, ...member } = await staffProgram.joinClinic(customerId, body.groupID);
    const headers = new Headers(NO_STORE);
    if (member.location) {
      const session = await getSession(request);
      if (setMemberLocation(session, member.location)) {
        headers.append("Set-Cookie", await sessionStorage.commitSession(session));
      }
    }
    return json({ member }, { headers });
  } catch (error) {
    if (error instanceof StaffError) return serviceErrorResponse(error);
    throw error;
  }
}
