// Page data assembled from several systems (commerce, content, search): listings,
// product pages, content pages, the sitemap and the product feed (docs/architecture.md "Layers").
export * from "./content-pages.server";
export * from "./sitemap.server";
export * from "./feed.server";
export * from "./listing-page.server";
export * from "./product-page.server";
export * from "./delivery-estimate.server";
