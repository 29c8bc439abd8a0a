// /admin/customers/$id: one customer's profile, orders, autoships, addresses, sign-in state and
// staff-program block; Unlock and Send a password-reset email (docs/rules.md "Back office:
// customers"). The page's actions are `CUSTOMER_INTENTS` (Unlock asks first), run by
// `adminIntents`; each change is made and audited by the identity service.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { CustomerAutoships, CustomerOrders } from "~/components/admin/customer-activity";
import { FormError } from "~/components/form-field";
import { CUSTOMER_INTENTS, unlockQuestion } from "~/models/admin-customers";
import { allowedIntents } from "~/models/admin-intents";
import { formatMoney } from "~/models/money";
import { ServiceError } from "~/models/service-error";
import { quotaMonthLabel } from "~/models/staff-program-dates";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { customerDirectory } from "~/services/customers/index.server";
import { identity, sendPasswordResetFor } from "~/services/identity/index.server";
import { staffProgram } from "~/services/staff/index.server";
import { features } from "~/services/commerce/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { pageNotFound } from "~/utils/form.server";
import { formatShopStamp, shopDay } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.customer.email ?? "Customer"} · Back office` },
  { name: "robots", content: "noindex" },
];

async function customerOr404(id: string) {
  const customer = await customerDirectory.detail(id);
  if (!customer) throw pageNotFound("We could not find that customer.");
  return customer;
}

/** A customer without a sign-in account (a stale page): nothing to unlock or reset. */
const noSignIn = () => new ServiceError("NO_SIGN_IN", "This customer has no sign-in account.", 409);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "customers.view");
  const customer = await customerOr404(params.id ?? "");
  const member = await staffProgram.member(customer.id);
  return json(
    {
      customer,
      allowed: allowedIntents(admin.role, CUSTOMER_INTENTS),
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

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const to = `/admin/customers/${encodeURIComponent(id)}`;
  const customerOf = () => customerOr404(id);
  return adminIntents(request, {
    permission: "customers.view",
    intents: CUSTOMER_INTENTS,
    questions: {
      unlock: async () => {
        const customer = await customerOf();
        return unlockQuestion(customer.email, customer.signIn ?? { locked: false, failedSignIns: 0 });
      },
    },
    handlers: {
      unlock: async (_, { admin }) => {
        await customerOf();
        const result = await identity.unlock(id, admin);
        if (!result) throw noSignIn();
        return backWithNotice(request, to, {
          tone: result.changed ? "success" : "info",
          message: result.changed ? "The account is unlocked." : "The account was not locked; nothing changed.",
        });
      },
      reset: async (_, { admin }) => {
        const customer = await customerOf();
        if (!(await sendPasswordResetFor(id, admin))) throw noSignIn();
        const message = `A password-reset email is on its way to ${customer.email}.`;
        return backWithNotice(request, to, { tone: "success", message });
      },
    },
  });
}

export default function AdminCustomer() {
  const { customer, member, orderPages, allowed } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const reply = replyFor(data, "unlock") ?? replyFor(data, "reset");
  const zone = useShopTimeZone();
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
        <dd>{shopDay(customer.createdAt, zone)}</dd>
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
          <FormError errors={reply && !reply.confirm ? (reply.error?.[""] ?? undefined) : undefined} />
          <ConfirmPanel reply={reply} />
          <Form method="post" className="admin-actions">
            {allowed.unlock ? (
              <button
                type="submit"
                name="intent"
                value="unlock"
                className="button button--danger"
                disabled={!signIn.canUnlock}
              >
                Unlock
              </button>
            ) : null}
            {allowed.reset ? (
              <button type="submit" name="intent" value="reset" className="button">
                Send a password-reset email
              </button>
            ) : null}
          </Form>
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

      <CustomerOrders orders={customer.orders} links={orderPages} />
      <CustomerAutoships autoships={customer.autoships} />

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
