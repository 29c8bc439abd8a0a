import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentBlocks } from "~/components/content-blocks";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Logo } from "~/components/logo";
import { siteSettings } from "~/env.server";
import { MAINTENANCE_RETRY_AFTER_SECONDS } from "~/models/site-access";
import { loadContentPage } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";

/** /maintenance has no layout (shop-core spec section 2). */
export const handle = { layout: false };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...pageMeta(matches, { title: data?.title, description: data?.description }),
  { name: "robots", content: "noindex" },
];

/** The page's Retry-After (while maintenance is on) reaches the document, not only its data. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * The maintenance page: its copy is the content page "maintenance", with a plain fallback.
 * While maintenance is on (every page is sent here: docs/rules.md "Site access") it answers
 * 503 with Retry-After, so crawlers and monitors see a temporary outage, not a page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = getSite(request);
  const page = await loadContentPage(site, "maintenance", false);
  return json(
    {
      site,
      title: page?.title ?? "We'll be right back",
      description: page?.description ?? "The shop is down for maintenance.",
      heading: page?.heading ?? page?.title ?? "We'll be right back",
      blocks: page?.blocks ?? [
        { type: "paragraph" as const, text: "The shop is down for maintenance. Please try again in a few minutes." },
      ],
      assets: page?.assets ?? {},
    },
    siteSettings.MAINTENANCE_MODE
      ? {
          status: 503,
          headers: { "Cache-Control": "no-store", "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS) },
        }
      : { headers: { "Cache-Control": "no-store" } },
  );
}

export default function Maintenance() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="bare-page">
      <Logo site={page.site} />
      <h1>{page.heading}</h1>
      <ContentBlocks blocks={page.blocks} assets={page.assets} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
