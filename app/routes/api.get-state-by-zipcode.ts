// POST /api/get-state-by-zipcode { zipCode } → { zipCode, provinceCode, province }
// (shop-core spec section 7): the state a zip belongs to, used only while the shipping
// feature flag (SHIPPING_FEATURE) is on; with it off the call does not exist (404).
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { checkoutSettings } from "~/env.server";
import { stateOfZip } from "~/models/zip-state";
import { methodNotAllowed, NO_STORE, notFound, parseJsonBody, requireMethod } from "~/utils/api.server";

const StateByZipBody = z.object({
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Enter a 5-digit zip code."),
});

const switchedOff = () => notFound("There is no such call.");

export const loader = () => (checkoutSettings.SHIPPING_FEATURE ? methodNotAllowed(["POST"]) : switchedOff());

export async function action({ request }: ActionFunctionArgs) {
  if (!checkoutSettings.SHIPPING_FEATURE) return switchedOff();
  requireMethod(request, "POST");
  const { zipCode } = await parseJsonBody(request, StateByZipBody);
  const state = stateOfZip(zipCode);
  if (!state) return notFound(`No US state has the zip code ${zipCode}.`);
  return json({ zipCode, provinceCode: state.code, province: state.name }, { headers: NO_STORE });
}
