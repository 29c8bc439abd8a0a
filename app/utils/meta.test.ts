// pageMeta reads the site and origin from the root match and the path from the
// leaf match (Remix v2: the leaf route's meta is the page's whole head).
import { describe, expect, it } from "vitest";
import { SITE_DESCRIPTION } from "~/models/seo";
import { pageMeta, titleMeta } from "./meta";

type Matches = Parameters<typeof pageMeta>[0];

const matchesFor = (site: "DTC" | "HPSF", origin: string, pathname: string, brand?: string) =>
  [
    { id: "root", pathname: "/", data: { site, origin, brand }, params: {}, meta: [] },
    { id: "routes/account", pathname: "/account", data: null, params: {}, meta: [] },
    { id: "routes/account.orders", pathname, data: null, params: {}, meta: [] },
  ] as unknown as Matches;

describe("pageMeta", () => {
  it("builds the title, default description, canonical and og tags for the leaf's path on the root's origin", () => {
    const meta = pageMeta(matchesFor("HPSF", "http://staff.localhost:3000", "/account/orders"), {
      title: "My Orders",
    });
    expect(meta).toContainEqual({ title: "My Orders | Pro Staff Feeding" });
    expect(meta).toContainEqual({ name: "description", content: SITE_DESCRIPTION.HPSF });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "http://staff.localhost:3000/account/orders",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "http://staff.localhost:3000/account/orders" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Pet Nutrition Pro" });
  });

  it("names the brand the root loader hands out (BRAND_NAME) in the title, on pages and error pages alike", () => {
    const matches = matchesFor("DTC", "http://localhost:3000", "/faq", "Acme");
    expect(pageMeta(matches, { title: "FAQ" })).toContainEqual({ title: "FAQ | Shop Acme Pet Nutrition" });
    expect(pageMeta(matches)).toContainEqual({ property: "og:title", content: "Shop Acme Pet Nutrition" });
    expect(titleMeta(matches, "Oops")).toContainEqual({ title: "Oops | Shop Acme Pet Nutrition" });
  });

  it("lets a page's extra descriptors replace the defaults instead of repeating them", () => {
    const meta = pageMeta(matchesFor("DTC", "http://localhost:3000", "/"), {}, [
      { name: "description", content: "Home description" },
    ]);
    expect(meta.filter((d) => d.name === "description")).toEqual([
      { name: "description", content: "Home description" },
    ]);
  });

  it("falls back to DTC and no URLs when the root has no data", () => {
    const meta = pageMeta(
      [{ id: "routes/x", pathname: "/x", data: null, params: {}, meta: [] }] as unknown as Matches,
      {
        title: "X",
      },
    );
    expect(meta).toContainEqual({ title: "X | Shop Hollowbrook Pet Nutrition" });
    expect(meta.some((d) => d.rel === "canonical")).toBe(false);
  });
});
