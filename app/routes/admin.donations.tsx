// /admin/donations: what orders gave, by cause and by month (docs/rules.md "Back office:
// donations"): the last 12 months, or one month.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatMoney } from "~/models/money";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { donationReport } from "~/services/donations/index.server";

export const meta: MetaFunction = () => [{ title: "Donations · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "donations.view");
  const month = new URL(request.url).searchParams.get("month");
  const report = await donationReport(month);
  return json({ month: report.months.length === 1 ? report.months[0]! : "", report }, { headers: ADMIN_NO_STORE });
}

export default function AdminDonations() {
  const { month, report } = useLoaderData<typeof loader>();
  const span = report.months.length === 1 ? report.months[0] : `${report.months[0]} to ${report.months.at(-1)}`;
  return (
    <>
      <h1>Donations</h1>
      <Form method="get" className="admin-filters">
        <p className="field">
          <label htmlFor="donations-month">Month (YYYY-MM, empty for the last 12 months)</label>
          <input id="donations-month" name="month" type="month" defaultValue={month} />
        </p>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p>
        {span}: {formatMoney(report.totalCents)} given by {report.orders} orders (cancelled and refunded orders
        excluded).
      </p>
      <AdminTableBox label="Donations by cause">
        <table className="admin-table">
          <caption>By cause</caption>
          <thead>
            <tr>
              <th scope="col">Cause</th>
              <th scope="col">Given</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {report.byCause.length === 0 ? (
              <tr>
                <td colSpan={3}>No donations in this period.</td>
              </tr>
            ) : null}
            {report.byCause.map((group) => (
              <tr key={group.key}>
                <th scope="row">{group.label}</th>
                <td>{formatMoney(group.cents)}</td>
                <td>{group.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      <AdminTableBox label="Donations by month">
        <table className="admin-table">
          <caption>By month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Given</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {report.byMonth.map((group) => (
              <tr key={group.key}>
                <th scope="row">{group.label}</th>
                <td>{formatMoney(group.cents)}</td>
                <td>{group.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
    </>
  );
}
