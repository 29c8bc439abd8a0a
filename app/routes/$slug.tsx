import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { useLoaderData } from "@remix-run/react";
import { ContentBlocks } from "~/components/content-blocks";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SlugSchema } from "~/models/content";
import { isPreview } from "~/services/content/index.server";
import { loadContentPage, notFoundResponse } from "~/services/storefront/index.server";
import { getSite } from "~/services/site/index.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? [
        ...pageMeta(args.matches, { title: args.data.title, description: args.data.description }),
        ...(args.data.preview ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : pageMeta(args.matches, { title: "404 Error" });

/**
 * /{slug}: a single-segment content page (/faq, /shipping, /autoship,
 * /terms-and-conditions, ...). A draft shows only with ?preview={secret}; an
 * unknown, draft or archived slug is the 404 page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const site = getSite(request);
  const slug = SlugSchema.safeParse(params.slug);
  const preview = isPreview(request);
  const page = slug.success ? await loadContentPage(site, slug.data, preview) : null;
  if (!page) throw await notFoundResponse(site);
  return json(
    { ...page, preview },
    // A draft preview must never be stored; otherwise the page policy applies (models/cache-policy.ts).
    preview ? { headers: { "Cache-Control": PRIVATE_NO_STORE } } : undefined,
  );
}

export default function ContentPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="container content-page" aria-labelledby="content-title">
      {page.preview ? (
        <p className="notice notice--info" role="status">
          Preview: you are seeing unpublished content.
        </p>
      ) : null}
      <h1 id="content-title">{page.heading ?? page.title}</h1>
      <ContentBlocks blocks={page.blocks} assets={page.assets} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
