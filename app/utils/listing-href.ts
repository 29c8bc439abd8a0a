import { listingQuery, type ListingState, type SortKey } from "~/models/listing";

/**
 * Builds the link for another state of a listing at `pathname`, from the page's filter
 * groups (those its state can hold, in filter-group order).
 */
export function listingHref(
  pathname: string,
  context: { groups: readonly { field: string; slug: string }[]; search?: string; defaultSort: SortKey },
) {
  return (state: ListingState) => {
    const query = listingQuery(state, context.groups, {
      search: context.search,
      defaultSort: context.defaultSort,
    }).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
