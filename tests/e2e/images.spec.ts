import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The seed writes the product PNGs when the web server starts, after the test files load,
// so the file is picked inside the tests; any one will do.
const PRODUCTS_DIR = path.resolve("public/images/products");
function productPng() {
  const name = fs
    .readdirSync(PRODUCTS_DIR)
    .filter((file) => file.endsWith(".png"))
    .sort()[0];
  expect(name, "the seed writes product images").toBeTruthy();
  return { urlPath: `images/products/${name}`, size: fs.statSync(path.join(PRODUCTS_DIR, name)).size };
}

test.describe("image optimiser under /_ipx", () => {
  test("catalogue spec section 7: resizes a product png to a smaller webp with long cache headers", async ({
    request,
  }) => {
    const png = productPng();
    const response = await request.get(`/_ipx/w_320,f_webp/${png.urlPath}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=604800");
    const body = await response.body();
    expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(body.length).toBeLessThan(png.size);
  });

  test("catalogue spec section 7: serves png as webp when no format is asked for", async ({ request }) => {
    const response = await request.get(`/_ipx/_/${productPng().urlPath}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
  });

  test("catalogue spec section 7: rejects oversized widths and unknown modifiers with 400", async ({ request }) => {
    const { urlPath } = productPng();
    expect((await request.get(`/_ipx/w_99999/${urlPath}`)).status()).toBe(400);
    expect((await request.get(`/_ipx/s_3000x100/${urlPath}`)).status()).toBe(400);
    expect((await request.get(`/_ipx/blur_50/${urlPath}`)).status()).toBe(400);
  });

  test("catalogue spec section 7: refuses a remote image from a host that is not configured", async ({ request }) => {
    const response = await request.get("/_ipx/w_320/https://evil.example.com/cat.png");
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
  });

  test("catalogue spec section 7: a missing local file is a 404", async ({ request }) => {
    expect((await request.get("/_ipx/w_320/images/products/no-such-product.png")).status()).toBe(404);
  });

  test("catalogue spec section 7: path traversal out of public/ is refused with a 4xx", async ({ request }) => {
    // Encoded slashes survive URL normalisation, so the server itself must refuse them.
    for (const attempt of ["images/..%2F..%2Fserver.js", "..%2Fpackage.json", "images%2F..%2F..%2F.env.example"]) {
      const response = await request.get(`/_ipx/_/${attempt}`);
      expect(response.status(), attempt).toBeGreaterThanOrEqual(400);
      expect(response.status(), attempt).toBeLessThan(500);
      expect(response.headers()["content-type"], attempt).not.toMatch(/javascript|json/);
    }
  });
});
