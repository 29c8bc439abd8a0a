// The query string of a back-office list's filters without its page (docs/rules.md "Back office:
// orders", CSV): the "Download CSV" link and the page links keep what the list shows.

/** `?a=1&b=x` of the set filters (empty and undefined left out, `page` too); "" when none is set. */
export function listQuery(filters: Readonly<Record<string, string | number | null | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== "" && key !== "page") params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
