// Imports the content's redirect list into the redirect table (docs/decisions.md "Content").
import type { PrismaClient } from "~/generated/prisma/client";
import { validateRedirects, type RedirectInput, type RefusedRedirect } from "~/models/redirects";
import type { ContentSite } from "~/models/content";
import { bumpDataVersion } from "~/services/freshness/index.server";

export interface RedirectImport {
  imported: number;
  refused: RefusedRedirect[];
}

/**
 * Replaces a site's redirects with the valid rows of `items`; loops and targets
 * that are not paths or http(s) addresses are refused and reported, never stored.
 */
export async function importRedirects(
  db: PrismaClient,
  site: ContentSite,
  items: readonly RedirectInput[],
): Promise<RedirectImport> {
  const { accepted, refused } = validateRedirects(items);
  await db.$transaction([
    db.redirect.deleteMany({ where: { site } }),
    db.redirect.createMany({ data: accepted.map((row) => ({ site, ...row })) }),
    // Every process reloads its redirect table (docs/rules.md "Processes").
    bumpDataVersion(db, "content"),
  ]);
  return { imported: accepted.length, refused };
}
