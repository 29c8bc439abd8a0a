// Page meta: description (default per site), canonical link
// without the query string, Open Graph tags, and no duplicates.
import { describe, expect, it } from "vitest";
import { canonicalUrl, listingSeo, mergeMeta, pageSeo, productSeo, SEO_DESCRIPTION_MAX, SITE_DESCRIPTION } from "./seo";

const ORIGIN = "http://localhost:3000";
const STAFF = "http://staff.localhost:3000";

type Meta = Record<string, unknown>[];
const named = (meta: Meta, name: string) => meta.filter((d) => d.name === name);
const property = (meta: Meta, key: string) => meta.filter((d) => d.property === key).map((d) => d.content);
const canonicals = (meta: Meta) => meta.filter((d) => d.tagName === "link" && d.rel === "canonical").map((d) => d.href);

describe("page meta", () => {
  it("uses the site's default description when the page gives none", () => {
    expect(named(pageSeo("DTC", { pathname: "/x", origin: ORIGIN }), "description")).toEqual([
      { name: "description", content: SITE_DESCRIPTION.DTC },
    ]);
    expect(named(pageSeo("HPSF", { pathname: "/x", origin: STAFF }), "description")).toEqual([
      { name: "description", content: SITE_DESCRIPTION.HPSF },
    ]);
    expect(SITE_DESCRIPTION.DTC).toMatch(/dog and cat food/);
    expect(SITE_DESCRIPTION.HPSF).toMatch(/staff/);
    // A blank description is no description.
    expect(named(pageSeo("DTC", { pathname: "/", description: "  " }), "description")[0].content).toBe(
      SITE_DESCRIPTION.DTC,
    );
  });

  it("uses the page's own description when given", () => {
    const meta = pageSeo("DTC", { title: "Shopping Cart", description: "Shopping Cart", pathname: "/cart" });
    expect(named(meta, "description")).toEqual([{ name: "description", content: "Shopping Cart" }]);
  });

  it("titles the page with the site's suffix (catalogue spec section 2, 'site title template')", () => {
    expect(pageSeo("HPSF", { title: "My Orders", pathname: "/account/orders" })[0]).toEqual({
      title: "My Orders | Pro Staff Feeding",
    });
    expect(pageSeo("DTC", { pathname: "/" })[0]).toEqual({ title: "Shop Hollowbrook Pet Nutrition" });
  });

  it("links the canonical URL on the request's origin without query string or trailing slash", () => {
    expect(canonicalUrl(ORIGIN, "/account/orders?q=123&after=x")).toBe(`${ORIGIN}/account/orders`);
    expect(canonicalUrl(ORIGIN, "/sitemap/")).toBe(`${ORIGIN}/sitemap`);
    expect(canonicalUrl(ORIGIN, "/")).toBe(`${ORIGIN}/`);
    expect(canonicalUrl(ORIGIN, "/faq#shipping")).toBe(`${ORIGIN}/faq`);
    const meta = pageSeo("HPSF", { title: "Sitemap", pathname: "/sitemap", origin: STAFF });
    expect(canonicals(meta)).toEqual([`${STAFF}/sitemap`]);
  });

  it("publishes no canonical or og:url without an origin (an error before the root loader ran)", () => {
    const meta = pageSeo("DTC", { title: "Oops", pathname: "/x" });
    expect(canonicals(meta)).toEqual([]);
    expect(property(meta, "og:url")).toEqual([]);
  });

  it("adds Open Graph title, description, url, type website and the site's name", () => {
    const meta = pageSeo("HPSF", { title: "Contact Us", pathname: "/contact-us", origin: STAFF });
    expect(property(meta, "og:title")).toEqual(["Contact Us"]);
    expect(property(meta, "og:description")).toEqual([SITE_DESCRIPTION.HPSF]);
    expect(property(meta, "og:url")).toEqual([`${STAFF}/contact-us`]);
    expect(property(meta, "og:type")).toEqual(["website"]);
    expect(property(meta, "og:site_name")).toEqual(["Pet Nutrition Pro"]);
    expect(property(pageSeo("DTC", { pathname: "/" }), "og:site_name")).toEqual(["Pet Nutrition"]);
    expect(property(pageSeo("DTC", { pathname: "/" }), "og:title")).toEqual(["Shop Hollowbrook Pet Nutrition"]);
  });

  it("marks private pages noindex", () => {
    expect(named(pageSeo("DTC", { pathname: "/cart", noindex: true }), "robots")).toEqual([
      { name: "robots", content: "noindex" },
    ]);
    expect(named(pageSeo("DTC", { pathname: "/faq" }), "robots")).toEqual([]);
  });

  it("never repeats a description, canonical or og tag when a page adds its own", () => {
    const meta = mergeMeta(pageSeo("DTC", { title: "Home", pathname: "/", origin: ORIGIN }), [
      { name: "description", content: "Own description" },
      { tagName: "link", rel: "canonical", href: `${ORIGIN}/home` },
      { property: "og:type", content: "article" },
      { "script:ld+json": { "@type": "WebSite" } },
    ]);
    expect(named(meta, "description")).toEqual([{ name: "description", content: "Own description" }]);
    expect(canonicals(meta)).toEqual([`${ORIGIN}/home`]);
    expect(property(meta, "og:type")).toEqual(["article"]);
    expect(meta.filter((d) => "title" in d)).toHaveLength(1);
    expect(meta.filter((d) => "script:ld+json" in d)).toHaveLength(1);
  });
});

describe("listing and product meta carry one description, canonical and Open Graph set", () => {
  it("listingSeo adds og tags with the listing's canonical URL", () => {
    const meta = listingSeo("HPSF", {
      title: "Dry Dog Food",
      origin: STAFF,
      pathname: "/products/dog/dry",
      canonicalSearch: "sort=price-asc",
      total: 12,
    });
    expect(named(meta, "description")).toHaveLength(1);
    expect(canonicals(meta)).toEqual([`${STAFF}/products/dog/dry?sort=price-asc`]);
    expect(property(meta, "og:title")).toEqual(["Dry Dog Food"]);
    expect(property(meta, "og:url")).toEqual([`${STAFF}/products/dog/dry?sort=price-asc`]);
    expect(property(meta, "og:type")).toEqual(["website"]);
    expect(property(meta, "og:site_name")).toEqual(["Pet Nutrition Pro"]);
    expect(property(meta, "og:description")).toEqual(named(meta, "description").map((d) => d.content));
  });

  it("productSeo keeps og:type product and adds the site name", () => {
    const meta = productSeo("DTC", {
      origin: ORIGIN,
      canonicalPath: "/products/science-diet/adult/chicken/15lb",
      product: { title: "Adult Chicken", description: "Balanced food.", images: [] },
      variant: { id: "v" },
    });
    expect(named(meta, "description")).toHaveLength(1);
    expect(canonicals(meta)).toEqual([`${ORIGIN}/products/science-diet/adult/chicken/15lb`]);
    expect(property(meta, "og:type")).toEqual(["product"]);
    expect(property(meta, "og:site_name")).toEqual(["Pet Nutrition"]);
    expect(property(meta, "og:title")).toEqual(["Adult Chicken"]);
  });

  it("productSeo uses the product's search title and description when set, else its title and description cut to 160", () => {
    const base = {
      origin: ORIGIN,
      canonicalPath: "/products/science-diet/adult/chicken/15lb",
      variant: { id: "v" },
    };
    const long = "Balanced food. ".repeat(20);
    const plain = productSeo("DTC", { ...base, product: { title: "Adult Chicken", description: long, images: [] } });
    expect(plain[0]).toEqual({ title: "Adult Chicken | Shop Hollowbrook Pet Nutrition" });
    expect(named(plain, "description")[0].content).toBe(long.slice(0, SEO_DESCRIPTION_MAX));
    const set = productSeo("DTC", {
      ...base,
      product: {
        title: "Adult Chicken",
        description: long,
        seoTitle: "Chicken for adult dogs",
        seoDescription: "Short.",
        images: [],
      },
    });
    expect(set[0]).toEqual({ title: "Chicken for adult dogs | Shop Hollowbrook Pet Nutrition" });
    expect(named(set, "description")[0].content).toBe("Short.");
    expect(property(set, "og:title")).toEqual(["Chicken for adult dogs"]);
    expect(property(set, "og:description")).toEqual(["Short."]);
  });
});
