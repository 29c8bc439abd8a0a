// /admin/customers: search customers by email or name and site; the staff program's members
// with their clinic, program-pricing eligibility and this month's quota (docs/rules.md
// "Back office: customers").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPager } from "~/components/admin/pager";
import { AdminTableBox } from "~/components/admin/table-box";
import { CUSTOMER_PAGE_SIZE, customerSearchOf, pageCount, pageRange } from "~/models/admin-customers";
import { formatMoney } from "~/models/money";
import { SITE_IDS, SITE_NAME } from "~/models/site";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { customerDirectory } from "~/services/customers/index.server";
import { staffProgram } from "~/services/staff/index.server";

export const meta: MetaFunction = () => [{ title: "Customers · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "customers.view");
  const filter = customerSearchOf(new URL(request.url).searchParams);
  const found = await customerDirectory.search(filter);
  // The staff program's own rules answer eligibility and quota (app/services/staff).
  const members = filter.members
    ? await Promise.all(
        found.rows.map(async (row) => {
          const member = await staffProgram.member(row.id);
          return [
            row.id,
            member
              ? {
                  clinic: member.clinic?.name ?? null,
                  eligible: member.isEligibleForPd,
                  registered: member.isRegistered,
                  quotaUsedCents: member.quota.usedCents,
                  quotaLimitCents: member.quota.limitCents,
                }
              : null,
          ] as const;
        }),
      )
    : [];
  return json(
    {
      filter,
      ...found,
      members: Object.fromEntries(members),
      sites: SITE_IDS.map((id) => ({ id, name: SITE_NAME[id] })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function AdminCustomers() {
  const { filter, rows, total, page, members, sites } = useLoaderData<typeof loader>();
  const pages = pageCount(total, CUSTOMER_PAGE_SIZE);
  const query = (to: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.site) params.set("site", filter.site);
    if (filter.members) params.set("members", "1");
    params.set("page", String(to));
    return `?${params}`;
  };
  return (
    <>
      <h1>Customers</h1>
      <Form method="get" className="admin-filters">
        <p className="field">
          <label htmlFor="customers-q">Email or name</label>
          <input id="customers-q" name="q" type="search" defaultValue={filter.q ?? ""} />
        </p>
        <p className="field">
          <label htmlFor="customers-site">Site</label>
          <select id="customers-site" name="site" defaultValue={filter.site ?? ""}>
            <option value="">All sites</option>
            {sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <input id="customers-members" name="members" type="checkbox" value="1" defaultChecked={filter.members} />{" "}
          <label htmlFor="customers-members">Staff-program members only</label>
        </p>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <AdminTableBox label="Customers">
        <table className="admin-table">
          <caption>
            Customers {pageRange(page, CUSTOMER_PAGE_SIZE, total)}
            {filter.members ? " (staff-program members)" : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Site</th>
              <th scope="col">Orders</th>
              <th scope="col">Sign-in</th>
              {filter.members ? (
                <>
                  <th scope="col">Clinic</th>
                  <th scope="col">Program pricing</th>
                  <th scope="col">Quota this month</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={filter.members ? 7 : 4}>No customers match.</td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const member = members[row.id];
              return (
                <tr key={row.id}>
                  <td>
                    <Link to={`/admin/customers/${row.id}`}>{row.name || row.email}</Link>
                    <br />
                    {row.email}
                  </td>
                  <td>{row.site}</td>
                  <td>{row.orderCount}</td>
                  <td>{row.locked ? "Locked" : "OK"}</td>
                  {filter.members ? (
                    <>
                      <td>{member?.clinic ?? "None"}</td>
                      <td>
                        {member
                          ? member.eligible
                            ? "Eligible"
                            : member.registered
                              ? "Not eligible"
                              : "Not registered"
                          : "Not a member"}
                      </td>
                      <td>
                        {member
                          ? `${formatMoney(member.quotaUsedCents)} of ${formatMoney(member.quotaLimitCents)}`
                          : "—"}
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </AdminTableBox>
      <AdminPager page={page} pages={pages} hrefOf={query} />
    </>
  );
}
