import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AfterHydration } from "~/components/after-hydration";
import { BreadcrumbMemory } from "~/components/breadcrumbs";
import { ConsentBanner } from "~/components/consent-banner";
import { CartFetcherProvider } from "~/components/cart-fetcher";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FtcNotice } from "~/components/ftc-notice";
import { PageViewTracker } from "~/components/page-view-tracker";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader, type HeaderHandle } from "~/components/site-header";
import { AnnouncementBar, SitewideBanners } from "~/components/site-notices";
import { isAdminPath } from "~/models/admin-path";
import { hasChosen } from "~/models/consent";
import { mainNavigation, navigationFromContent } from "~/models/navigation";
import { rootShouldRevalidate, type RootRevalidationInput } from "~/models/root-revalidation";
import { DEFAULT_SITE } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { PRIMARY_COLOR } from "~/models/theme";
import { publicEnv } from "~/env.server";
import { commerce, readCartId } from "~/services/commerce/index.server";
import { consentScripts, readConsent } from "~/services/consent/index.server";
import {
  runLoginGuard,
  runRedirectLookup,
  honeypotInputProps,
  getSession,
  getSignedIn,
  hasStaleToken,
  sessionStorage,
  takeNotice,
} from "~/services/http/index.server";
import { brandName, getSite, publicOrigin } from "~/services/site/index.server";
import { content } from "~/services/content/index.server";
import { notFoundImage } from "~/services/storefront/index.server";
import { staffMemberOf } from "~/services/staff/index.server";
import { HoneypotProvider } from "~/components/honeypot-inputs";
import { errorMeta, titleMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce-provider";
import styles from "~/styles/shop.css";
// The web font's two files (app/styles/app.css "Type and brand"), preloaded so both are on their
// way before the stylesheet is parsed: text in either weight is drawn once, in its own font
// (docs/decisions.md "Drawing first"). The same hashed files the stylesheet names.
import bodyFont from "@fontsource/nunito-sans/files/nunito-sans-latin-400-normal.woff2";
import boldFont from "@fontsource/nunito-sans/files/nunito-sans-latin-700-normal.woff2";

export const links: LinksFunction = () => [
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: boldFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  error ? errorMeta(matches, error) : titleMeta(matches);

export async function loader({ request }: LoaderFunctionArgs) {
  // Reads only (docs/rules.md "Root loader: reads only"): the guards redirect without
  // writing, staff onboarding happens at sign-in and registration, and the session
  // refresh is the browser's call on navigation (SessionRefresh).
  const site = getSite(request);
  // The back office has its own sign-in; the shop's guards and redirects stay out of it
  // (docs/rules.md "Back office").
  const shopPage = !isAdminPath(new URL(request.url).pathname);
  // The first guard (password protection), maintenance and the staff registration guard ran
  // before this request reached Remix: the site-access gate in server.js holds every kind of
  // request (docs/rules.md "Site access").
  // The session, read first: the guards and routes of this request share this answer.
  const signedIn = await getSignedIn(request);
  // On the staff site, the member: registration state for the login guard and the FTC notice.
  const member = signedIn && shopPage ? await staffMemberOf(request) : null;
  // The other route guards, in the spec's order on every navigation (shop-core spec section 2).
  if (shopPage) {
    await runLoginGuard(request, member ? { registered: member.isRegistered } : null);
    await runRedirectLookup(request, site);
  }
  // A cookie whose token stopped working: the browser is a guest; SessionRefresh clears it.
  const sessionEnded = !signedIn && (await hasStaleToken(request));
  // A one-time notice is shown once: taking it is the only cookie this loader sends.
  const session = await getSession(request);
  const notice = takeNotice(session);
  // The frame of every page comes from content (cached in process); the 404 page reads the globals.
  const [layout, globals] = await Promise.all([content.getLayout(site), content.getGlobals(site)]);
  const notFoundPicture = await notFoundImage(globals.notFound);
  const cartId = await readCartId(request);
  const cartQuantity = cartId ? await commerce.getCartTotalQuantity(cartId) : 0;
  const headers = new Headers();
  if (notice) headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  return json(
    {
      site,
      // The absolute address pages build canonical and Open Graph URLs from.
      origin: publicOrigin(site),
      // The brand the titles name (BRAND_NAME): every page's `meta` reads it from here.
      brand: brandName(),
      cartQuantity,
      notice,
      env: publicEnv(),
      account: signedIn ? { firstName: signedIn.firstName } : null,
      sessionEnded,
      staff: member
        ? {
            isRegistered: member.isRegistered,
            isEligibleForPd: member.isEligibleForPd,
            showFtcNotice: member.isRegistered && !member.isFTCAcknowledged,
            quotaReached: member.isRegistered && member.quota.reached,
          }
        : null,
      honeypot: honeypotInputProps(),
      layout: {
        navigation: layout.header?.navigation.length
          ? navigationFromContent(layout.header.navigation)
          : mainNavigation(site),
        utilityLinks: layout.header?.utility_links ?? [],
        announcements: layout.announcements,
        banners: layout.banners,
        footer: layout.footer,
      },
      notFound: { ...globals.notFound, image: notFoundPicture },
      freeShippingMinimumCents: globals.freeShippingMinimumCents,
      // The consent store (docs/rules.md "Consent"): the cookie's choice and the scripts it governs.
      consent: readConsent(request),
      consentScripts: consentScripts(),
    },
    { headers },
  );
}

// Loaded after hydration: they render nothing before the browser acts (docs/rules.md "Client JavaScript budget").
const loadInactivityAlert = () => import("~/components/inactivity-alert").then((m) => m.InactivityAlert);
const loadSessionRefresh = () => import("~/components/session-refresh").then((m) => m.SessionRefresh);
const loadBuildWatcher = () => import("~/components/build-watcher").then((m) => m.BuildWatcher);
const loadConsentManager = () => import("~/components/consent-manager").then((m) => m.ConsentManager);
const loadRouteAnnouncer = () => import("~/components/route-announcer").then((m) => m.RouteAnnouncer);

/** What the root's last answer said about the visitor: Remix gives `shouldRevalidate` no loader data. */
let visitor: RootRevalidationInput["visitor"] = { signedIn: false, registrationPending: false };

/**
 * The root loader runs again only when what it reads may have changed: after any
 * submission, or on a path a guard acts on (docs/rules.md "Root revalidation").
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => rootShouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate, visitor });

/** The document around every page, error pages included, so the header stays. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const site = data?.site ?? DEFAULT_SITE;
  // Pages with `handle.layout === false` (the spec's "no layout" pages) render without header and footer.
  const handles = useMatches().map((match) => match.handle as ({ layout?: boolean } & HeaderHandle) | undefined);
  const bare = handles.some((handle) => handle?.layout === false);
  // A route may bring its own header, as the checkout does (docs/rules.md "Brand, type and header").
  const OwnHeader = handles.findLast((handle) => handle?.header)?.header;
  const signedIn = Boolean(data?.account);
  const registrationPending = Boolean(data?.staff && !data.staff.isRegistered);
  useEffect(() => {
    visitor = { signedIn, registrationPending };
  }, [signedIn, registrationPending]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={PRIMARY_COLOR} />
        <Meta />
        <Links />
      </head>
      <body data-site={site}>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {/* In the page flow, never over it, until the shopper chooses (docs/decisions.md "Consent"). */}
        {data && !bare && !hasChosen(data.consent) ? <ConsentBanner /> : null}
        {/* Wraps the header (it reads the pending cart posts); also renders the cart notice and confirmation. */}
        {bare || OwnHeader ? null : <AnnouncementBar items={data?.layout.announcements ?? []} />}
        {bare ? null : OwnHeader ? (
          <OwnHeader site={site} />
        ) : (
          <CartFetcherProvider cartQuantity={data?.cartQuantity ?? 0}>
            <SiteHeader
              site={site}
              cartQuantity={data?.cartQuantity ?? 0}
              account={data?.account ?? null}
              navigation={data?.layout.navigation ?? mainNavigation(site)}
              utilityLinks={data?.layout.utilityLinks}
            />
          </CartFetcherProvider>
        )}
        {bare ? null : <SitewideBanners items={data?.layout.banners ?? []} />}
        <main id="main" tabIndex={-1}>
          {data?.notice ? (
            <div
              className={`notice notice--${data.notice.tone} container`}
              role={data.notice.tone === "error" ? "alert" : "status"}
            >
              {data.notice.message}
            </div>
          ) : null}
          {data?.staff?.showFtcNotice && !bare ? <FtcNotice /> : null}
          {data?.staff?.quotaReached && !bare ? (
            <p className="notice notice--info container" data-testid="quota-reached">
              You have reached this month&apos;s program allowance. It renews on the first of next month.
            </p>
          ) : null}
          <HoneypotProvider {...data?.honeypot}>{children}</HoneypotProvider>
        </main>
        {data?.account ? (
          <AfterHydration load={loadInactivityAlert} props={{ seconds: data.env.TOKEN_INACTIVITY_SECONDS }} />
        ) : null}
        {data?.account || data?.sessionEnded ? (
          <AfterHydration load={loadSessionRefresh} props={{ ended: !data.account }} />
        ) : null}
        {bare ? null : <SiteFooter site={site} footer={data?.layout.footer ?? null} />}
        {sitePolicy(site).tracksAnalytics && !bare ? <PageViewTracker /> : null}
        {data ? <AfterHydration load={loadConsentManager} props={{ scripts: data.consentScripts }} /> : null}
        <BreadcrumbMemory />
        <AfterHydration load={loadRouteAnnouncer} props={{}} />
        {data ? <AfterHydration load={loadBuildWatcher} props={{ pollSeconds: data.env.BUILD_POLL_SECONDS }} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React owns it, so browser tests know when the
  // JavaScript enhancements are live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
