// Which site a request is for, and each site's configured public origin
// (docs/rules.md "Public origins"). Reads configuration only.
export * from "./site.server";
