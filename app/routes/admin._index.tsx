// /admin: the back office's home: what waits for this user, and the sections their role sees.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { sectionsElsewhere, sectionsFor } from "~/models/admin-roles";
import { TURNED_OFF } from "~/models/commerce-features";
import { ADMIN_NO_STORE, adminInbox, requireAdmin } from "~/services/admin/index.server";
import { features } from "~/services/commerce/index.server";

export const meta: MetaFunction = () => [{ title: "Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, null);
  return json(
    {
      name: admin.name,
      inbox: await adminInbox(admin.role),
      sections: sectionsFor(admin.role, features).map(({ path, label }) => ({ path, label })),
      // What the commerce provider does instead, and where (docs/rules.md "Turned off on Shopify").
      elsewhere: sectionsElsewhere(admin.role, features).map(({ label, feature }) => ({
        label,
        message: feature ? TURNED_OFF[feature].message : "",
      })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function AdminHome() {
  const { name, inbox, sections, elsewhere } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Welcome, {name}</h1>
      {inbox.length ? (
        <section aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting for you</h2>
          <ul className="admin-cards">
            {inbox.map((item) => (
              <li key={item.href}>
                <Link to={item.href}>
                  <span className="admin-cards__count">{item.count}</span> {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="sections-title">
        <h2 id="sections-title">Sections</h2>
        <ul className="admin-cards">
          {sections.map((section) => (
            <li key={section.path}>
              <Link to={section.path}>{section.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      {elsewhere.length ? (
        <section aria-labelledby="elsewhere-title">
          <h2 id="elsewhere-title">In the Shopify admin</h2>
          <ul>
            {elsewhere.map((section) => (
              <li key={section.label}>
                <strong>{section.label}</strong>: {section.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
