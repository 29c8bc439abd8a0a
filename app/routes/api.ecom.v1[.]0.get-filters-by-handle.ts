import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { parseCategoryPath } from "~/models/category";
import { visibleFilterGroups } from "~/models/filter-groups";
import { parseListingState } from "~/models/listing";
import { commerce } from "~/services/commerce/index.server";
import { getSite } from "~/services/site/index.server";
import { methodNotAllowed, notFound, parseJsonBody, requireMethod } from "~/utils/api.server";

const BodySchema = z.object({
  /** "all" or a category path such as "dog", "dog/dry", "cat/wet/kitten". */
  handle: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(100).optional(),
});

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST { handle, limit? } → the filter groups the listing shows on this site, with
 * per-option product counts, options cut to `limit` (catalogue spec section 7).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const site = getSite(request);
  const { handle, limit } = await parseJsonBody(request, BodySchema);
  const segments = handle.toLowerCase() === "all" ? [] : handle.split("/").filter(Boolean);
  const category = segments.length ? parseCategoryPath(segments, site) : undefined;
  if (category === null) throw notFound(`No listing with handle "${handle}".`);
  const species = category?.species;
  const fixed = category?.fixed ?? {};
  const state = parseListingState(new URLSearchParams(), { site, species, fixed });
  const counts = await commerce.getFacetCounts({ site, fixed, state });
  // The same groups the listing page offers: a category's own facets are not filters.
  const filters = visibleFilterGroups(site, species)
    .filter((group) => !fixed[group.field])
    .map((group) => ({
      field: group.field,
      label: group.label,
      slug: group.slug,
      options: group.options.slice(0, limit).map((option) => ({
        label: option.label,
        slug: option.slug,
        count: counts[group.field]?.[option.slug] ?? 0,
      })),
    }));
  return json({ filters });
}
