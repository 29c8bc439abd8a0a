import { describe, expect, it } from "vitest";
import { websiteSeo } from "~/models/seo";

describe("site search markup (catalogue spec section 2 (site-search structured data))", () => {
  it("gives the DTC site a WebSite entry with its search action", () => {
    const meta = websiteSeo("DTC", "http://localhost:3000");
    expect(meta).toHaveLength(1);
    const ld = meta[0]["script:ld+json"] as {
      "@type": string;
      url: string;
      potentialAction: { "@type": string; target: { urlTemplate: string }; "query-input": string };
    };
    expect(ld["@type"]).toBe("WebSite");
    expect(ld.url).toBe("http://localhost:3000/");
    expect(ld.potentialAction["@type"]).toBe("SearchAction");
    expect(ld.potentialAction.target.urlTemplate).toBe("http://localhost:3000/search?search={search_term_string}");
    expect(ld.potentialAction["query-input"]).toBe("required name=search_term_string");
  });

  it("gives the HPSF site none", () => {
    expect(websiteSeo("HPSF", "http://localhost:3000")).toEqual([]);
  });
});
