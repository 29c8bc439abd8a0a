// /admin/customers/$id: one customer's profile, orders, autoships, addresses, sign-in state and
// staff-program block; Unlock and Send a password-reset email (docs/rules.md "Back office:
// customers"). Each change is made and audited by the identity service.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminTableBox } from "~/components/admin/table-box";
import { formatMoney } from "~/models/money";
import { quotaMonthLabel } from "~/models/staff-program-dates";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { customerDirectory } from "~/services/customers/index.server";
import { identity, sendPasswordResetFor } from "~/services/identity/index.server";
import { staffProgram } from "~/services/staff/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { features } from "~/services/commerce/index.server";
import { formatShopStamp, shopDay } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.customer.email ?? "Customer"} · Back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "customers.view");
  const customer = await customerDirectory.detail(params.id ?? "");
  if (!customer) throw pageNotFound("We could not find that customer.");
  const member = await staffProgram.member(customer.id);
  return json(
    {
      customer,
      // On Shopify the order page is closed (docs/rules.md "Turned off on Shopify"): numbers, not links.
      orderPages: features.embeddedOrders,
      member: member
        ? {
            clinic: member.clinic ? { name: member.clinic.name, groupID: member.clinic.groupID } : null,
            isRegistered: member.isRegistered,
            isEligibleForPd: member.isEligibleForPd,
            accountGroup: member.accountGroup,
            quota: member.quota,
          }
        : null,
    },
    { headers: ADMIN_NO_STORE },
  );
}

const IntentSchema = z.object({ intent: z.enum(["unlock", "reset"]) });

export async function action({ request, params }: ActionFunctionArgs) {
  // Every intent needs the screen; each then has its own permission (docs/rules.md "Back office").
  await requireAdmin(request, "customers.view");
  const form = await readFormData(request);
  const parsed = IntentSchema.safeParse({ intent: form.get("intent") });
  const intent = parsed.success ? parsed.data.intent : null;
  const admin = await requireAdmin(request, intent === "reset" ? "customers.reset" : "customers.unlock");
  if (!intent)
    return json({ message: "Choose Unlock or Send a password-reset email." }, { status: 400, headers: ADMIN_NO_STORE });
  const id = params.id ?? "";
  const to = `/admin/customers/${encodeURIComponent(id)}`;
  const customer = await customerDirectory.detail(id);
  if (!customer) throw pageNotFound("We could not find that customer.");
  if (intent === "unlock") {
    const result = await identity.unlock(id, admin);
    if (!result)
      return backWithNotice(request, to, { tone: "error", message: "This customer has no sign-in to unlock." });
    return backWithNotice(request, to, {
      tone: result.changed ? "success" : "info",
      message: result.changed ? "The account is unlocked." : "The account was not locked; nothing changed.",
    });
  }
  const sent = await sendPasswordResetFor(id, admin);
  return backWithNotice(
    request,
    to,
    sent
      ? { tone: "success", message: `A password-reset email is on its way to ${customer.email}.` }
      : { tone: "error", message: "This customer has no sign-in account to reset." },
  );
}

export default function AdminCustomer() {
  const { customer, member, orderPages } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  const date = (iso: string) => shopDay(iso, zone);
  const signIn = customer.signIn;
  return (
    <>
      <p>
        <Link to="/admin/customers">All customers</Link>
      </p>
      <h1>
        {customer.firstName} {customer.lastName}
      </h1>
      <dl>
        <dt>Email</dt>
        <dd>{customer.email}</dd>
        <dt>Site</dt>
        <dd>{customer.site}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone ?? "None"}</dd>
        <dt>Marketing emails</dt>
        <dd>{customer.acceptsMarketing ? "Yes" : "No"}</dd>
        <dt>Customer since</dt>
        <dd>{date(customer.createdAt)}</dd>
      </dl>

      <h2>Sign-in</h2>
      {signIn ? (
        <>
          <p>
            {signIn.locked
              ? `Locked until ${signIn.lockedUntil ? formatShopStamp(signIn.lockedUntil, zone) : ""}. `
              : "Not locked. "}
            Failed sign-ins in a row: {signIn.failedSignIns}.
          </p>
          <div className="admin-actions">
            <Form method="post">
              <input type="hidden" name="intent" value="unlock" />
              <button type="submit" className="button" disabled={!signIn.canUnlock}>
                Unlock
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="reset" />
              <button type="submit" className="button">
                Send a password-reset email
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p>This customer has no sign-in account.</p>
      )}

      {member ? (
        <>
          <h2>Staff program</h2>
          <dl>
            <dt>Clinic</dt>
            <dd>{member.clinic ? `${member.clinic.name} (${member.clinic.groupID})` : "None"}</dd>
            <dt>Program pricing</dt>
            <dd>
              {member.isEligibleForPd ? "Eligible" : member.isRegistered ? "Not eligible" : "Not registered"}
              {member.accountGroup ? ` (account group ${member.accountGroup})` : ""}
            </dd>
            <dt>Quota {quotaMonthLabel(member.quota.month)}</dt>
            <dd>
              {formatMoney(member.quota.usedCents)} used of {formatMoney(member.quota.limitCents)}
              {member.quota.reached ? " (reached)" : ""}
            </dd>
          </dl>
        </>
      ) : null}

      <h2>Orders</h2>
      <AdminTableBox label="Orders">
        <table className="admin-table">
          <caption>Orders (newest first)</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {customer.orders.length === 0 ? (
              <tr>
                <td colSpan={4}>No orders.</td>
              </tr>
            ) : null}
            {customer.orders.map((order) => (
              <tr key={order.number}>
                <td>
                  {orderPages ? <Link to={`/admin/orders/${order.number}`}>#{order.number}</Link> : `#${order.number}`}
                </td>
                <td>{date(order.createdAt)}</td>
                <td>{order.status}</td>
                <td>{formatMoney(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>

      <h2>Autoships</h2>
      <AdminTableBox label="Autoships">
        <table className="admin-table">
          <caption>Autoships</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col">Frequency</th>
              <th scope="col">Next order</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {customer.autoships.length === 0 ? (
              <tr>
                <td colSpan={5}>No autoships.</td>
              </tr>
            ) : null}
            {customer.autoships.map((autoship) => (
              <tr key={autoship.id}>
                <td>
                  {autoship.product} ({autoship.variant}) × {autoship.quantity}
                </td>
                <td>{autoship.status}</td>
                <td>{autoship.frequency}</td>
                <td>{autoship.nextOrderDate ? date(autoship.nextOrderDate) : "—"}</td>
                <td>{autoship.card ?? "None"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>

      <h2>Addresses</h2>
      {customer.addresses.length === 0 ? <p>No saved addresses.</p> : null}
      <ul className="admin-cards">
        {customer.addresses.map((address) => (
          <li key={address.id}>
            {address.isDefault ? <strong>Default address</strong> : null}
            <address>
              {address.lines.map((line, i) => (
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </li>
        ))}
      </ul>
    </>
  );
}
