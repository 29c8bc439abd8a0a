import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentBlocks } from "~/components/content-blocks";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Logo } from "~/components/logo";
import { loadContentPage } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";

/** /maintenance has no layout (shop-core spec section 2). */
export const handle = { layout: false };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...pageMeta(matches, { title: data?.title, description: data?.description }),
  { name: "robots", content: "noindex" },
];

/** The maintenance page: its copy is the content page "maintenance", with a plain fallback. */
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
    { headers: { "Cache-Control": "no-store" } },
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
