// /admin/logout (POST): ends the back-office session and clears its cookie.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminSignOutCookie, ADMIN_LOGIN_PATH } from "~/services/admin/index.server";

export async function loader() {
  throw redirect("/admin");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect(ADMIN_LOGIN_PATH, {
    headers: { "Cache-Control": "private, no-store", "Set-Cookie": await adminSignOutCookie(request) },
  });
}
