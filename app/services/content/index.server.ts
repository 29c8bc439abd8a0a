// The content service as the routes see it. CONTENT_PROVIDER chooses the
// provider; "embedded" reads typed entries from our database. A headless-CMS adapter
// implements ContentProvider (types.ts) and is added to the switch below.
import { prisma } from "~/db.server";
import { contentSettings } from "~/env.server";
import type { SiteId } from "~/models/site";
import { secretMatches } from "~/utils/secrets.server";
import { bumpDataVersion, freshness } from "~/services/freshness/index.server";
import { createContentService, followContentVersion, type Globals } from "./content.server";
import { createEmbeddedContent } from "./embedded.server";
import { createAssetLibrary } from "./asset-library.server";
import { createEntryEditor } from "./entry-editor.server";
import { createRedirectEditor } from "./redirect-editor.server";
import type { ContentProvider } from "./types";

export { cacheKeyOf, type Entry, type Globals } from "./content.server";
export type { ContentProvider } from "./types";

function providerFor(name: typeof contentSettings.CONTENT_PROVIDER): ContentProvider {
  switch (name) {
    case "embedded":
      return createEmbeddedContent(prisma);
  }
}

export const content = createContentService(providerFor(contentSettings.CONTENT_PROVIDER), {
  ttlMs: contentSettings.CONTENT_CACHE_SECONDS * 1000,
});
// A change made by any process reaches this one's cache (docs/rules.md "Processes").
followContentVersion(freshness, prisma, [content]);

/** Tells every process (itself included) to drop its cached content within a freshness poll. */
export async function announceContentChange(): Promise<void> {
  await bumpDataVersion(prisma, "content");
}

/** Site-wide settings with the spec's fallbacks (free-shipping minimum 50 dollars, 404 texts). */
export const getGlobals = (site: SiteId): Promise<Globals> => content.getGlobals(site);

/** Whether a request may see drafts: ?preview= or the x-preview-secret header holds CONTENT_PREVIEW_SECRET. */
export function isPreview(request: Request): boolean {
  const presented = new URL(request.url).searchParams.get("preview") ?? request.headers.get("x-preview-secret");
  return secretMatches(presented, contentSettings.CONTENT_PREVIEW_SECRET);
}
export * from "./calls.server";
export * from "./assets.server";
export { ContentEditError } from "./edit-error.server";
export { type EntrySummary, type EntryView, type RevisionView } from "./entry-editor.server";
export { type AssetView } from "./asset-library.server";
export { checkImageFile, readFormWithImage, readImageUpload, type CheckedImage } from "./upload.server";

/**
 * The back office's content editing (docs/rules.md "Back office: content"): entries
 * (`entry-editor.server.ts`), redirects (`redirect-editor.server.ts`) and the image library
 * (`asset-library.server.ts`), one object for the routes.
 */
export const contentEditor = {
  ...createEntryEditor(prisma),
  ...createRedirectEditor(prisma),
  ...createAssetLibrary(prisma),
};
