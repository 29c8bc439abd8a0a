import type { MetaFunction } from "@remix-run/node";
import { pageTitle, type SiteId } from "~/models/site";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** The site of the current request, read from the root loader's data in `meta`. */
export function siteFromMatches(matches: Matches): SiteId {
  const root = matches.find((match) => match.id === "root")?.data as { site?: SiteId } | undefined;
  return root?.site ?? "DTC";
}

/** A page's <title> with the site suffix (catalogue spec section 2). */
export function titleMeta(matches: Matches, title?: string) {
  return [{ title: pageTitle(siteFromMatches(matches), title) }];
}

/** TEMPORARY until the SEO branch lands: title and description only. */
export function pageMeta(matches: Matches, page: { title?: string; description?: string } = {}) {
  return [
    { title: pageTitle(siteFromMatches(matches), page.title) },
    ...(page.description ? [{ name: "description", content: page.description }] : []),
  ];
}
