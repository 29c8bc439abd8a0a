// My Account (shop-core spec section 2): a greeting, the last order,
// active autoships and the default address, with links to the other account pages.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatAddress } from "~/models/address";
import { formatMoney } from "~/models/money";
import { givenInAllLine } from "~/models/order-donation";
import { routeTitle } from "~/models/page-titles";
import { sitePolicy } from "~/models/site-policy";
import { autoship } from "~/services/autoship/index.server";
import { features } from "~/services/commerce/index.server";
import { accountOrders, customers } from "~/services/customers/index.server";
import { requireCustomer } from "~/services/http/index.server";
import { getSite, shopTimeZone } from "~/services/site/index.server";
import { orders } from "~/services/orders/index.server";
import { OrderLink } from "~/components/order-link";
import { quotaMonthLabel } from "~/models/staff-program-dates";
import { staffMemberOf } from "~/services/staff/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { formatShopDate } from "~/models/shop-time";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), "/account/dashboard"), noindex: true });

/** "March 4, 2025" in the shop's time zone (shown as the server formats them, so the page hydrates alike). */
const longDate = (iso: string | Date) => formatShopDate(iso, shopTimeZone());

/** Active autoships and the soonest next order date among them. */
function autoshipSummary(subscriptions: { cancelled: boolean; nextOrderDate: Date }[]) {
  const active = subscriptions.filter((s) => !s.cancelled);
  const next = active.reduce<Date | null>(
    (soonest, s) => (!soonest || s.nextOrderDate < soonest ? s.nextOrderDate : soonest),
    null,
  );
  return { activeCount: active.length, nextDate: next ? longDate(next) : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const site = getSite(request);
  const [profile, addresses, lastOrders, subscriptions, member, given] = await Promise.all([
    customers.getProfile(customerId),
    customers.listAddresses(customerId),
    accountOrders.list(customerId, { first: 1, after: null, query: "" }),
    // The autoship engine is the embedded provider's (docs/rules.md "Turned off on Shopify").
    features.autoshipEngine ? autoship.list(customerId) : null,
    staffMemberOf(request),
    orders.donationsOf(customerId),
  ]);
  const order = lastOrders.orders[0];
  const defaultAddress = addresses.find((a) => a.isDefault);
  return json({
    firstName: profile.firstName,
    autoshipLabel: sitePolicy(site).autoshipNoun.plural,
    // The staff-feeding program: the clinic and what is left of this month's quota.
    program: member?.isRegistered
      ? {
          clinic: member.clinic
            ? `${member.clinic.name}, ${member.clinic.address1}, ${member.clinic.city}, ${member.clinic.provinceCode} ${member.clinic.zip}`
            : null,
          shipsTo: member.location?.endsWith("::clinic") ? "your clinic" : "your home",
          pricing: member.programDiscountPercent ? `${member.programDiscountPercent}% off retail` : "Retail prices",
          month: quotaMonthLabel(member.quota.month),
          left: formatMoney(member.quota.remainingCents),
          limit: formatMoney(member.quota.limitCents),
          reached: member.quota.reached,
        }
      : null,
    lastOrder: order
      ? {
          href: order.href,
          number: order.number,
          date: longDate(order.createdAt),
          total: formatMoney(order.totalCents, order.currencyCode),
        }
      : null,
    autoships: subscriptions ? autoshipSummary(subscriptions) : null,
    // What the customer's paid orders have given (docs/rules.md "Donations"); null at 0.
    given: givenInAllLine(given),
    defaultAddress: defaultAddress ? formatAddress(defaultAddress) : null,
  });
}

export default function AccountDashboard() {
  const data = useLoaderData<typeof loader>();
  const label = data.autoshipLabel;
  return (
    <div className="account-dashboard">
      <h1>My Account</h1>
      <p className="account-dashboard__greeting">Hello, {data.firstName}</p>

      {data.program ? (
        <section aria-labelledby="dashboard-program" className="account-card">
          <h2 id="dashboard-program">Staff-feeding program</h2>
          <dl className="account-card__facts">
            <div>
              <dt>Left this month</dt>
              <dd data-testid="quota-left">
                {data.program.left} of {data.program.limit} for {data.program.month}
              </dd>
            </div>
            <div>
              <dt>Clinic or school</dt>
              <dd>{data.program.clinic ?? "None yet"}</dd>
            </div>
            <div>
              <dt>Pricing</dt>
              <dd>{data.program.pricing}</dd>
            </div>
            <div>
              <dt>Orders ship to</dt>
              <dd>{data.program.shipsTo}</dd>
            </div>
          </dl>
          {data.program.reached ? (
            <p className="program-allowance program-allowance--over">
              You have reached your program allowance for {data.program.month}. It renews next month.
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="dashboard-last-order" className="account-card">
        <h2 id="dashboard-last-order">Last order</h2>
        {data.lastOrder ? (
          <>
            <dl className="account-card__facts">
              <div>
                <dt>Order</dt>
                <dd>#{data.lastOrder.number}</dd>
              </div>
              <div>
                <dt>Placed</dt>
                <dd>{data.lastOrder.date}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{data.lastOrder.total}</dd>
              </div>
            </dl>
            <p>
              <OrderLink href={data.lastOrder.href}>View order #{data.lastOrder.number}</OrderLink>
              {" · "}
              <Link to="/account/orders">All orders</Link>
            </p>
          </>
        ) : (
          <p>
            No orders yet. <Link to="/products">Browse the food</Link>
          </p>
        )}
      </section>

      {data.given ? (
        <section aria-labelledby="dashboard-giving" className="account-card">
          <h2 id="dashboard-giving">Giving back</h2>
          <p data-testid="donations-given">{data.given}</p>
        </section>
      ) : null}

      {data.autoships ? (
        <section aria-labelledby="dashboard-autoships" className="account-card">
          <h2 id="dashboard-autoships">{label === "autoships" ? "My Autoships" : "My Subscriptions"}</h2>
          <p>
            {data.autoships.activeCount === 0
              ? `You have no active ${label}.`
              : `You have ${data.autoships.activeCount} active ${
                  data.autoships.activeCount === 1 ? label.slice(0, -1) : label
                }.`}
            {data.autoships.nextDate ? ` The next one ships on ${data.autoships.nextDate}.` : null}
          </p>
          <p>
            <Link to="/account/autoships">Manage your {label}</Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="dashboard-address" className="account-card">
        <h2 id="dashboard-address">Default address</h2>
        <p>{data.defaultAddress ?? "You have no saved address yet."}</p>
        <p>
          <Link to="/account/address-book">{data.defaultAddress ? "Manage addresses" : "Add an address"}</Link>
        </p>
      </section>

      <section aria-labelledby="dashboard-links" className="account-card">
        <h2 id="dashboard-links">Your account</h2>
        <ul>
          <li>
            <Link to="/account/orders">My Orders</Link>
          </li>
          {data.autoships ? (
            <li>
              <Link to="/account/autoships">{label === "autoships" ? "My Autoships" : "My Subscriptions"}</Link>
            </li>
          ) : null}
          <li>
            <Link to="/account/my-profile">My Profile</Link>
          </li>
          <li>
            <Link to="/account/address-book">Address Book</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
