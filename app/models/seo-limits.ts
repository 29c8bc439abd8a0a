// The lengths a page's search-engine meta keeps (docs/rules.md "Titles and SEO"): a leaf module,
// so the back office's product form reads them without loading the storefront's meta code
// (docs/rules.md "Client JavaScript budget").

/** The longest search-engine title a product may set (its page title adds the site's suffix). */
export const SEO_TITLE_MAX = 70;
/** The longest description a page's meta carries: a product's own is cut to it, a set one is at most it. */
export const SEO_DESCRIPTION_MAX = 160;
