// /logout (shop-core spec sections 2 and 4): revokes the session token, clears
// the session and cart cookies, and goes home; after inactivity, to the sign-in
// page, which says why. GET works too, for plain links.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "~/services/auth.server";
import { readFormData } from "~/utils/form.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  return signOutAndRedirect(request, form.get("reason") === "inactivity" ? "inactivity" : "logout");
}

export const loader = ({ request }: LoaderFunctionArgs) => signOutAndRedirect(request, "logout");
