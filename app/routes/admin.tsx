// The back office's frame (docs/rules.md "Back office"): every /admin page sits inside it. Its
// loader lets in only a signed-in back-office user; each page and action checks its own
// permission with `requireAdmin`. The shop's header, footer and guards stay out
// (`handle.layout === false`, `isAdminPath` in the root loader).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { AdminNav } from "~/components/admin/nav";
import { navGroupsFor, ROLE_LABELS } from "~/models/admin-roles";
import { requireAdmin } from "~/services/admin/index.server";
import { features } from "~/services/commerce/index.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const handle = { layout: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, null);
  return json(
    {
      admin: { name: admin.name, email: admin.email, roleLabel: ROLE_LABELS[admin.role] },
      // Orders, returns and the catalogue are hidden on Shopify (docs/rules.md "Turned off on Shopify").
      groups: navGroupsFor(admin.role, features),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function AdminFrame({ children, data }: { children: React.ReactNode; data?: ReturnType<typeof useFrameData> }) {
  return (
    <div className="admin">
      <header className="admin__bar">
        <a href="/admin" className="admin__brand">
          Back office
        </a>
        {data ? (
          <div className="admin__who">
            <span>
              {data.admin.name} <span className="admin__role">({data.admin.roleLabel})</span>
            </span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="button">
                Sign out
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <div className="admin__body">
        {data ? <AdminNav groups={data.groups} /> : null}
        <div className="admin__page">{children}</div>
      </div>
    </div>
  );
}

const useFrameData = () => useLoaderData<typeof loader>();

export default function AdminLayout() {
  const data = useFrameData();
  return (
    <AdminFrame data={data}>
      <Outlet />
    </AdminFrame>
  );
}

/** A refusal (403 for a role without the permission, 404, a 409 conflict) shown inside the frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const known = isRouteErrorResponse(error);
  const message =
    known && typeof error.data === "object" && error.data && "message" in error.data
      ? String((error.data as { message: unknown }).message)
      : known && typeof error.data === "string"
        ? error.data
        : "Something went wrong on our side. Try again in a moment.";
  const title = !known
    ? "Something went wrong"
    : error.status === 403
      ? "Not allowed"
      : error.status === 404
        ? "Not found"
        : "We couldn't do that";
  return (
    <AdminFrame>
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <p>
        <a href="/admin">Back to the back office</a>
      </p>
    </AdminFrame>
  );
}
