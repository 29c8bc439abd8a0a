import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/api.predictive-search";
import { ensureSeeded } from "../helpers/seeded";

beforeAll(ensureSeeded);

const call = async (url: string) => (await loader({ request: new Request(url), params: {}, context: {} })).json();

describe("/api/predictive-search", () => {
  it("returns up to six products for a partial, misspelled term", async () => {
    const data = await call("http://localhost:3000/api/predictive-search?q=chikcen");
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(6);
    expect(data.products[0].href).toMatch(/^\/products\/.+\?sku=/);
    expect(data.products[0].priceCents).toBeGreaterThan(0);
  });

  it("answers nothing for terms under two characters and cuts long ones", async () => {
    expect((await call("http://localhost:3000/api/predictive-search?q=c")).products).toEqual([]);
    const long = await call(`http://localhost:3000/api/predictive-search?q=${"a".repeat(500)}`);
    expect(long.query).toHaveLength(100);
  });

  it("hides retail prices on the staff site", async () => {
    const data = await call("http://staff.localhost:3000/api/predictive-search?q=kidney");
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.every((p: object) => !("priceCents" in p))).toBe(true);
  });
});
