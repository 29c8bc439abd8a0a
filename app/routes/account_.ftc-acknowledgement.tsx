// POST /account/ftc-acknowledgement (issue 7; shop-core spec section 3,
// isFTCAcknowledged): stores the staff member's acknowledgement of the FTC
// notice, once, and goes back to the page it was posted from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { requireCustomer } from "~/services/guards.server";
import { getSite } from "~/services/site.server";
import { staffProgram } from "~/services/staff/index.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (getSite(request) !== "HPSF") return redirect(back);
  await staffProgram.acknowledgeFtc(customerId);
  return redirect(back);
}
