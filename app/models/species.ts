// The species the shop sells for (catalogue spec section 3, filter group "species"). Its own small
// module so browser code (the back office's filters) can name them without the filter-group
// table (docs/rules.md "Client JavaScript budget").
export type Species = "dog" | "cat";
export const SPECIES: readonly Species[] = ["dog", "cat"];
