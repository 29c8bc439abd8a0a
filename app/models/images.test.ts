import { describe, expect, it } from "vitest";
import {
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_SIZES,
  IMAGE_DENSITIES,
  IMAGE_WIDTH_LADDER,
  SCREEN_WIDTHS,
  imageSrcSet,
  imageWidths,
  ipxUrl,
  ladderWidth,
} from "./images";

describe("image sizes (catalogue spec section 9)", () => {
  it("catalogue spec section 9: screens xs 320 to xxl 1536, densities 1 and 2, webp by default", () => {
    expect(SCREEN_WIDTHS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 });
    expect(IMAGE_DENSITIES).toEqual([1, 2]);
    expect(DEFAULT_IMAGE_FORMAT).toBe("webp");
    expect(IMAGE_WIDTH_LADDER).toEqual([50, 100, 150, 180, 320, 480, 640, 900]);
  });

  it("catalogue spec section 9: default sizes are 100vw on small screens, 80vw on medium, 800px on large", () => {
    expect(DEFAULT_IMAGE_SIZES).toBe("(max-width: 640px) 100vw, (max-width: 768px) 80vw, 800px");
  });

  it("catalogue spec section 9: a width takes the smallest ladder rung that covers it, else 1200", () => {
    expect(ladderWidth(1)).toBe(50);
    expect(ladderWidth(50)).toBe(50);
    expect(ladderWidth(51)).toBe(100);
    expect(ladderWidth(160)).toBe(180);
    expect(ladderWidth(181)).toBe(320);
    expect(ladderWidth(600)).toBe(640);
    expect(ladderWidth(900)).toBe(900);
    expect(ladderWidth(901)).toBe(1200);
    expect(ladderWidth(4000)).toBe(1200);
    expect(ladderWidth(Number.NaN)).toBe(1200);
  });

  it("catalogue spec section 9: offers every ladder rung up to the one covering the source", () => {
    expect(imageWidths(600)).toEqual([50, 100, 150, 180, 320, 480, 640]);
    expect(imageWidths(120)).toEqual([50, 100, 150]);
    expect(imageWidths(3000)).toEqual([50, 100, 150, 180, 320, 480, 640, 900, 1200]);
  });
});

describe("optimiser URLs (catalogue spec section 9, served per section 7)", () => {
  it("catalogue spec section 9: writes ipx modifiers before the path, '_' when there are none", () => {
    expect(ipxUrl("/images/products/a.png", { width: 320, format: "webp", quality: 80 })).toBe(
      "/_ipx/w_320,f_webp,q_80/images/products/a.png",
    );
    expect(ipxUrl("/images/products/a.png")).toBe("/_ipx/_/images/products/a.png");
    // A library picture is served by its own route, as webp at a width.
    expect(ipxUrl("/cms/summer-hero", { width: 320, height: 200, fit: "contain", format: "webp" })).toBe(
      "/cms/summer-hero?w=320",
    );
    expect(ipxUrl("/cms/summer-hero")).toBe("/cms/summer-hero");
    expect(ipxUrl("images/a.png", { height: 99.6 })).toBe("/_ipx/h_100/images/a.png");
  });

  it("catalogue spec section 9: width and height together become one resize so fit and background apply", () => {
    expect(ipxUrl("/images/a.png", { width: 300, height: 200, fit: "contain", background: "#ffffff" })).toBe(
      "/_ipx/s_300x200,fit_contain,b_ffffff/images/a.png",
    );
  });

  it("catalogue spec section 9: keeps remote URLs whole and leaves data: and optimised URLs alone", () => {
    expect(ipxUrl("https://images.example.com/p/a.jpg?v=2", { width: 100 })).toBe(
      "/_ipx/w_100/https://images.example.com/p/a.jpg%3Fv=2",
    );
    expect(ipxUrl("data:image/png;base64,AAAA", { width: 100 })).toBe("data:image/png;base64,AAAA");
    expect(ipxUrl("/_ipx/w_100/images/a.png", { width: 200 })).toBe("/_ipx/w_100/images/a.png");
    expect(ipxUrl("")).toBe("");
  });

  it("catalogue spec section 9: builds a srcset in ascending width order, cut to an aspect ratio when given", () => {
    expect(imageSrcSet("/images/a.png", [640, 320, 320], { format: "webp" })).toBe(
      "/_ipx/w_320,f_webp/images/a.png 320w, /_ipx/w_640,f_webp/images/a.png 640w",
    );
    expect(imageSrcSet("/images/a.png", [100, 200], { aspectRatio: 2, fit: "cover" })).toBe(
      "/_ipx/s_100x50,fit_cover/images/a.png 100w, /_ipx/s_200x100,fit_cover/images/a.png 200w",
    );
  });
});
