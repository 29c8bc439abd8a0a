import { describe, expect, it } from "vitest";
import {
  activeFilterChips,
  activeFilterCount,
  clampPage,
  clearFilters,
  listingQuery,
  listingSearchParams,
  pageCount,
  parseListingState,
  toggleFilter,
} from "./listing";
import { visibleFilterGroups } from "./filter-groups";

const parse = (query: string, site: "DTC" | "HPSF" = "DTC") => parseListingState(new URLSearchParams(query), { site });

describe("listing URL state (filters, sort, page; bad input ignored)", () => {
  it("reads multi-select filters per group, sort and page", () => {
    const state = parse("flavor=chicken&flavor=beef&pet-age=adult-dog&sort=price-asc&page=2");
    expect(state.filters).toEqual({ lifestage: ["adult-dog"], flavor: ["beef", "chicken"] });
    expect(state.sort).toBe("price-asc");
    expect(state.page).toBe(2);
  });

  it("ignores unknown filters, values and sorts; a non-numeric page is page 1", () => {
    const state = parse("flavor=chocolate&colour=red&sort=random&page=abc");
    expect(state).toEqual({ filters: {}, price: {}, sort: "featured", page: 1 });
    expect(parse("page=-2").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
  });

  it("ignores options the site does not show (Prescription Diet on DTC, treats on HPSF)", () => {
    expect(parse("brand=prescription-diet&prescription-diet-line=kidney-care-kd").filters).toEqual({});
    expect(parse("food-form=treats&brand=hills-treats", "HPSF").filters).toEqual({});
    expect(parse("brand=prescription-diet", "HPSF").filters).toEqual({ brand: ["prescription-diet"] });
  });

  it("reads a price range in dollars and swaps reversed bounds", () => {
    expect(parse("price-min=20&price-max=50").price).toEqual({ minCents: 2000, maxCents: 5000 });
    expect(parse("price-min=50&price-max=20").price).toEqual({ minCents: 2000, maxCents: 5000 });
    expect(parse("price-min=abc").price).toEqual({ minCents: undefined, maxCents: undefined });
  });

  it("shows the last page for a page past the end", () => {
    expect(clampPage(9, 30)).toBe(2);
    expect(clampPage(3, 0)).toBe(1);
  });

  it("writes a canonical query: group order, defaults left out", () => {
    const state = parse("sort=featured&flavor=chicken&page=1&species=dog");
    expect(listingSearchParams(state, { site: "DTC" }).toString()).toBe("species=dog&flavor=chicken");
  });

  it("builds the same query from a page's own filter groups as from the site's table (the browser's links)", () => {
    // A category page: its fixed group (food form) is left out of the groups and of the state.
    const fixed = { food_form: ["dry"] };
    const state = parseListingState(new URLSearchParams("flavor=chicken&pet-age=adult-dog&sort=price-asc&page=2"), {
      site: "DTC",
      species: "dog",
      fixed,
    });
    const pageGroups = visibleFilterGroups("DTC", "dog").filter((g) => !fixed[g.field as keyof typeof fixed]);
    const expected = listingSearchParams(state, { site: "DTC", species: "dog" }).toString();
    expect(expected).toBe("pet-age=adult-dog&flavor=chicken&sort=price-asc&page=2");
    expect(listingQuery(state, pageGroups, {}).toString()).toBe(expected);
    const search = { search: "kibble", defaultSort: "relevance" as const };
    expect(listingQuery(state, visibleFilterGroups("DTC"), search).toString()).toBe(
      listingSearchParams(state, { site: "DTC", ...search }).toString(),
    );
  });

  it("toggles filters back to page 1, builds removable chips and clears all", () => {
    const state = { ...parse("flavor=chicken&page=3"), page: 3 };
    const added = toggleFilter(state, "flavor", "beef");
    expect(added).toMatchObject({ filters: { flavor: ["chicken", "beef"] }, page: 1 });
    const chips = activeFilterChips(added, visibleFilterGroups("DTC"));
    expect(chips.map((c) => c.label)).toEqual(["Beef", "Chicken"]);
    expect(chips[0].without.filters).toEqual({ flavor: ["chicken"] });
    expect(clearFilters(added).filters).toEqual({});
  });
});

describe('the Filters button\'s count (docs/rules.md "Phone layout")', () => {
  const groups = visibleFilterGroups("DTC");
  it("is 0 with nothing set, one per chosen option, and one for a price range", () => {
    expect(activeFilterCount(parse(""), groups)).toBe(0);
    expect(activeFilterCount(parse("flavor=chicken"), groups)).toBe(1);
    expect(activeFilterCount(parse("flavor=chicken&flavor=beef"), groups)).toBe(2);
    expect(activeFilterCount(parse("price-min=10"), groups)).toBe(1);
    expect(activeFilterCount(parse("flavor=chicken&price-min=10&price-max=20"), groups)).toBe(2);
  });

  it("counts only the groups the panel shows (a listing's fixed path group is not a filter to clear)", () => {
    const state = parse("flavor=chicken&species=dog");
    const withoutSpecies = groups.filter((group) => group.field !== "species");
    expect(activeFilterCount(state, groups)).toBe(2);
    expect(activeFilterCount(state, withoutSpecies)).toBe(1);
  });
});

describe("page size (24 products per listing page)", () => {
  it("fits exactly 24 products on one page and starts a second page at 25", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(48)).toBe(2);
    expect(pageCount(49)).toBe(3);
  });
});
