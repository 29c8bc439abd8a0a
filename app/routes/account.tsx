// The account area's layout (shop-core spec section 2): every /account page needs sign-in (the
// root loader's guard sends guests to /shelter/login and back), and shares
// this navigation. Children load their own data, scoped to the customer.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, NavLink, Outlet, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeTitle } from "~/models/page-titles";
import { DEFAULT_SITE } from "~/models/site";
import { ContentLinkTo } from "~/components/content-link";
import { content } from "~/services/content/index.server";
import { features } from "~/services/commerce/index.server";
import { customers } from "~/services/customers/index.server";
import { requireCustomer } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const site = getSite(request);
  const [customer, settings] = await Promise.all([
    customers.getNames(customerId),
    // The account pages' help box and texts come from content (get-account-pages-settings).
    content.getAccountPagesSettings(site),
  ]);
  // Saved cards and autoships are the embedded provider's (docs/rules.md "Turned off on Shopify").
  const offers = { savedCards: features.savedCards, autoshipEngine: features.autoshipEngine };
  return json({ customer, site, settings, offers });
}

/** The account layout's data, for child pages that need the customer's names. */
export function useAccount() {
  return useRouteLoaderData<typeof loader>("routes/account");
}

export default function AccountLayout() {
  const data = useAccount();
  const autoshipLabel = routeTitle(data?.site ?? DEFAULT_SITE, "/account/autoships");
  const links = [
    { to: "/account/dashboard", label: "My Account" },
    { to: "/account/orders", label: "My Orders" },
    ...(data?.offers.autoshipEngine === false ? [] : [{ to: "/account/autoships", label: autoshipLabel }]),
    { to: "/account/my-profile", label: "My Profile" },
    { to: "/account/address-book", label: "Address Book" },
    ...(data?.offers.savedCards === false
      ? []
      : [
          {
            to: "/account/payment-methods",
            label: routeTitle(data?.site ?? DEFAULT_SITE, "/account/payment-methods"),
          },
        ]),
  ];
  return (
    <div className="container account-page">
      <nav className="account-nav" aria-label="Account">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="link-button">
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div className="account-page__content">
        <Outlet />
      </div>
      {/* After the page on a phone, so the page's own content leads its first screen; under the
          links in the side column from 960 px. */}
      {data?.settings ? (
        <aside className="account-help" aria-labelledby="account-help-heading">
          <h2 id="account-help-heading">{data.settings.help.heading}</h2>
          <p>{data.settings.help.body}</p>
          <ContentLinkTo link={data.settings.help.link} />
        </aside>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
