import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { DEFAULT_404_TITLE } from "~/models/content-links";
import { isDatabaseBusy } from "~/models/database-busy";
import { mergeMeta, pageSeo, SITE_DESCRIPTION, socialMeta, type PageSeoInput } from "~/models/seo";
import { DEFAULT_SITE, pageTitle, type SiteId } from "~/models/site";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** The root loader's data as `meta` reads it. */
function rootData(matches: Matches): { site?: SiteId; origin?: string; brand?: string } | undefined {
  return matches.find((match) => match.id === "root")?.data as
    { site?: SiteId; origin?: string; brand?: string } | undefined;
}

/**
 * The brand the titles name (BRAND_NAME, handed out by the root loader), read in `meta`; none
 * when the root's data is missing (an error page), and the titles take the default.
 */
export function brandFromMatches(matches: Matches): string | undefined {
  return rootData(matches)?.brand;
}

/** The site of the current request, read from the root loader's data in `meta`. */
export function siteFromMatches(matches: Matches): SiteId {
  return rootData(matches)?.site ?? DEFAULT_SITE;
}

/**
 * A page's <title> with the site suffix (catalogue spec section 2), with the share tags every
 * page carries (the site's brand picture, a Twitter card; docs/rules.md "Search engines"): the
 * head of error pages and of routes that export no `meta` of their own.
 */
export function titleMeta(matches: Matches, title?: string) {
  const root = rootData(matches);
  const site = root?.site ?? DEFAULT_SITE;
  return [
    { title: pageTitle(site, title, root?.brand) },
    ...socialMeta(site, {
      title: title ?? pageTitle(site, undefined, root?.brand),
      description: SITE_DESCRIPTION[site],
      url: null,
      origin: root?.origin,
    }),
  ];
}

/**
 * A page's whole head (docs/decisions.md "Content", SEO): the suffixed title, its description (the
 * site's default when none is given), a canonical link built from the root
 * loader's origin and the leaf match's path (no query string) and Open Graph tags.
 * Remix v2 uses only the leaf route's `meta`, so the page's route returns all of
 * it. `extra` descriptors are added, replacing a default of the same name.
 */
export function pageMeta(
  matches: Matches,
  page: Omit<PageSeoInput, "origin" | "pathname"> = {},
  extra: Record<string, unknown>[] = [],
) {
  const root = rootData(matches);
  const leaf = matches[matches.length - 1];
  return mergeMeta(
    pageSeo(root?.site ?? DEFAULT_SITE, {
      ...page,
      origin: root?.origin,
      brand: root?.brand,
      pathname: leaf?.pathname ?? "/",
    }),
    extra,
  );
}

/**
 * The head of an error page (docs/architecture.md "Errors"): a 404 has the 404 page's title from
 * the content globals, the same on every route that answers one (an unknown URL, product or
 * category); a busy database and anything else have their own.
 */
export function errorMeta(matches: Matches, error: unknown) {
  if (isDatabaseBusy(error)) return titleMeta(matches, "The shop is busy");
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(matches);
  return titleMeta(matches, "Something went wrong");
}

/** The 404 page's head: its title from the content globals (root data), '404 Error' without them. */
export function notFoundMeta(matches: Matches) {
  const root = matches.find((match) => match.id === "root")?.data as { notFound?: { title?: string } } | undefined;
  return titleMeta(matches, root?.notFound?.title ?? DEFAULT_404_TITLE);
}
