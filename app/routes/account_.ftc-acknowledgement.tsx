// POST /account/ftc-acknowledgement (shop-core spec section 3,
// isFTCAcknowledged): stores the staff member's acknowledgement of the FTC
// notice, once, and goes back to the page it was posted from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireCustomer } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { staffProgram } from "~/services/staff/index.server";
import { FtcAcknowledgementSchema } from "~/models/page-posts";
import { localPathOr } from "~/models/redirect-param";
import { sitePolicy } from "~/models/site-policy";
import { methodNotAllowed } from "~/utils/api.server";
import { readFormData } from "~/utils/form.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const { redirectTo } = FtcAcknowledgementSchema.parse(Object.fromEntries(await readFormData(request)));
  const back = localPathOr(redirectTo, "/");
  if (!sitePolicy(getSite(request)).staffProgram) return redirect(back);
  await staffProgram.acknowledgeFtc(customerId);
  return redirect(back);
}
