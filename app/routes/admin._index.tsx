// /admin: the back office's home: what waits for this user, in the sections their role sees.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_SECTIONS, can } from "~/models/admin-roles";
import { requireAdmin } from "~/services/admin/index.server";

export const meta: MetaFunction = () => [{ title: "Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, null);
  return json(
    {
      name: admin.name,
      sections: ADMIN_SECTIONS.filter((section) => can(admin.role, section.permission)).map(({ path, label }) => ({
        path,
        label,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AdminHome() {
  const { name, sections } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Welcome, {name}</h1>
      <p>Choose what to work on.</p>
      <ul className="admin-cards">
        {sections.map((section) => (
          <li key={section.path}>
            <Link to={section.path}>{section.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
