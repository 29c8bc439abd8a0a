import { listingSearchParams, type ListingState, type SortKey } from "~/models/listing";
import type { Species } from "~/models/filter-groups";
import type { SiteId } from "~/models/site";

/** Builds the link for another state of a listing at `pathname`. */
export function listingHref(
  pathname: string,
  context: { site: SiteId; species?: Species | null; search?: string; defaultSort: SortKey },
) {
  return (state: ListingState) => {
    const query = listingSearchParams(state, {
      site: context.site,
      species: context.species ?? undefined,
      search: context.search,
      defaultSort: context.defaultSort,
    }).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
