// The reviews on pages, server side (docs/rules.md "Reviews on pages"): what the product
// page's loader hands its reviews section, gated by functional consent, and the helpful
// voter's anonymous visitor id, a functional cookie.
import { randomBytes } from "node:crypto";
import { serverSettings, siteSettings } from "~/env.server";
import { allows } from "~/models/consent";
import { isVisitorId, reviewPagePath, type ProductReviewsData } from "~/models/review-pages";
import { parseReviewQuery } from "~/models/review-query";
import { formatShopDate } from "~/models/shop-time";
import { commerce } from "~/services/commerce/index.server";
import { consentScripts, readConsent } from "~/services/consent/index.server";
import { getCustomerId, loginUrlFor } from "~/services/http/index.server";
import { reviews } from "~/services/reviews/index.server";
import { getSite } from "~/services/site/index.server";

/** The id of the reviews provider's script in the consent store's registry. */
const PROVIDER_SCRIPT_ID = "reviews";

/**
 * The reviews section's data for a product page. Without functional consent: only that fact,
 * no figure and no review (catalogue spec section 8). With a provider script configured: only
 * the product id its container needs (the script loads after consent in the browser). Else the
 * summary, the list the URL asks for and the signed-in viewer's own review.
 */
export async function productReviewsFor(
  request: Request,
  product: { id: string; handle: string },
): Promise<ProductReviewsData> {
  if (!allows(readConsent(request), "functional")) return { mode: "declined" };
  if (consentScripts().some((script) => script.id === PROVIDER_SCRIPT_ID)) {
    return { mode: "widget", productId: product.id };
  }
  const query = parseReviewQuery(new URL(request.url).searchParams);
  const customerId = await getCustomerId(request);
  const [list, own] = await Promise.all([
    reviews.list(product.id, query),
    customerId ? reviews.reviewBy(customerId, product.id) : Promise.resolve(null),
  ]);
  const writePath = reviewPagePath(product.handle);
  // The day in the shop's time zone (docs/rules.md "Shop time").
  const shown = <T extends { date: string }>(review: T) => ({
    ...review,
    dateLabel: formatShopDate(review.date, siteSettings.SHOP_TIME_ZONE),
  });
  return {
    mode: "shown",
    productId: product.id,
    summary: list.summary,
    reviews: list.reviews.map(shown),
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    query,
    own: own ? shown(own) : null,
    signedIn: customerId !== null,
    writeHref: customerId ? writePath : loginUrlFor(writePath),
  };
}

/** The cookie that keeps an anonymous helpful voter's id (functional: set only with that consent). */
export const VISITOR_COOKIE_NAME = "shop_visitor";
const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The visitor id in the request's cookie, if it holds a well-formed one. */
export function readVisitorId(request: Request): string | null {
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== VISITOR_COOKIE_NAME) continue;
    const value = pair.slice(separator + 1).trim();
    return isVisitorId(value) ? value : null;
  }
  return null;
}

/** A new visitor id and the Set-Cookie value that keeps it: first-party, httpOnly, a year. */
export function newVisitorCookie(): { visitorId: string; setCookie: string } {
  const visitorId = randomBytes(16).toString("hex");
  const parts = [
    `${VISITOR_COOKIE_NAME}=${visitorId}`,
    "Path=/",
    `Max-Age=${VISITOR_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (serverSettings.NODE_ENV === "production") parts.push("Secure");
  return { visitorId, setCookie: parts.join("; ") };
}

/**
 * The review link of each order line (docs/rules.md "Reviews on pages"), by line id: the
 * review page of the line's product while the site still sells it, and whether the customer
 * already reviewed it (asked only with functional consent, like every reviews feature).
 */
export async function orderLineReviewLinks(
  request: Request,
  customerId: string,
  lines: { id: string; sku: string }[],
): Promise<Map<string, { href: string; reviewed: boolean }>> {
  const site = getSite(request);
  const consented = allows(readConsent(request), "functional");
  const products = await Promise.all(lines.map((line) => commerce.getProductBySku(site, line.sku)));
  const productIds = [...new Set(products.flatMap((product) => (product ? [product.productId] : [])))];
  const reviewed = new Set<string>();
  if (consented) {
    const own = await Promise.all(productIds.map((productId) => reviews.reviewBy(customerId, productId)));
    own.forEach((review, index) => review && reviewed.add(productIds[index]));
  }
  const links = new Map<string, { href: string; reviewed: boolean }>();
  lines.forEach((line, index) => {
    const product = products[index];
    if (product)
      links.set(line.id, { href: reviewPagePath(product.handle), reviewed: reviewed.has(product.productId) });
  });
  return links;
}
