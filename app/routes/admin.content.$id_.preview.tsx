// /admin/content/{id}/preview: the entry's draft as the shop would show it, drawn by the shop's own
// components (docs/decisions.md "Back office: content": the preview lives in the back office, so
// the shop's preview secret never appears in any page).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentBlocks } from "~/components/content-blocks";
import { HighlightBlock, PromotionBanners, TwoColumnSection } from "~/components/content-sections";
import { SitewideBanners } from "~/components/site-notices";
import { bannerIsLive, isContentType, type ContentData } from "~/models/content";
import { imageIdsOf, validateEntryData } from "~/models/content-editor";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { ContentEditError, contentEditor } from "~/services/content/index.server";
import { pageNotFound } from "~/utils/form.server";

export const meta: MetaFunction = () => [{ title: "Preview · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "content.view");
  const entry = await contentEditor.getEntry(params.id ?? "").catch((error) => {
    if (error instanceof ContentEditError && error.status === 404)
      throw pageNotFound("There is no such content entry.");
    throw error;
  });
  if (!isContentType(entry.type)) throw pageNotFound();
  const draft = entry.draftData ?? entry.data;
  const checked = validateEntryData(entry.type, draft);
  return json(
    {
      id: entry.id,
      type: entry.type,
      title: entry.draftTitle ?? entry.title,
      hasDraft: entry.draftPending,
      data: checked.ok ? checked.data : null,
      problems: checked.ok ? [] : checked.messages,
      assets: await contentEditor.assetSizes(imageIdsOf(draft)),
      now: new Date().toISOString(),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function AdminContentPreview() {
  const { id, type, title, hasDraft, data, problems, assets, now } = useLoaderData<typeof loader>();
  let body: React.ReactNode = <pre className="admin-pre">{JSON.stringify(data, null, 2)}</pre>;
  if (data && type === "sitewide-banners") {
    const items = (data as ContentData<"sitewide-banners">).items;
    const live = items.filter((banner) => bannerIsLive(banner, new Date(now)));
    body = (
      <>
        <SitewideBanners items={live} />
        {live.length < items.length ? (
          <p>{items.length - live.length} banner(s) are outside their dates and not shown.</p>
        ) : null}
      </>
    );
  } else if (data && type === "page") {
    const page = data as ContentData<"page">;
    body = (
      <article className="container content-page">
        <h2>{page.heading ?? title}</h2>
        <ContentBlocks blocks={page.blocks} assets={assets} />
      </article>
    );
  } else if (data && type === "promotion-banners") {
    body = <PromotionBanners items={(data as ContentData<"promotion-banners">).items} assets={assets} />;
  } else if (data && type === "highlight-content-block") {
    body = <HighlightBlock block={data as ContentData<"highlight-content-block">} assets={assets} />;
  } else if (data && type === "two-column-section") {
    body = <TwoColumnSection section={data as ContentData<"two-column-section">} assets={assets} />;
  }
  return (
    <>
      <p>
        <Link to={`/admin/content/${id}`}>Back to the entry</Link>
      </p>
      <h1>Preview: {title}</h1>
      <p>
        {hasDraft
          ? "This is the unpublished draft, as the shop would show it."
          : "There is no draft: this is the entry as published."}
      </p>
      {problems.length ? (
        <div className="notice notice--error" role="alert">
          <p>The draft does not match its type:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="admin-preview" data-testid="preview">
          {body}
        </div>
      )}
    </>
  );
}
