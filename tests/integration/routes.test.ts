import { beforeAll, describe, expect, it } from "vitest";
import os from "node:os";
import { createPrismaClient, prisma } from "~/db.server";
import { imagesForVariant } from "~/models/product";
import { loader as homeLoader } from "~/routes/_index";
import { loader as healthLoader } from "~/routes/healthz";
import { loader as readyLoader } from "~/routes/readyz";
import { migrationsApplied, readiness } from "~/services/operations/health.server";
import { committedMigrations, migrate, migrationsDir } from "../../scripts/migrate.mjs";
import { emptyDatabase } from "../helpers/migrations";
import { loader as rootLoader } from "~/root";
import { cartIdCookie } from "~/services/commerce/cart-cookie.server";
import { ensureSeeded } from "../helpers/seeded";

const DTC_URL = "http://localhost:3000/";
const HPSF_URL = "http://staff.localhost:3000/";

const args = (request: Request) => ({ request, params: {}, context: {} });

beforeAll(ensureSeeded);

describe("/healthz and /readyz (docs/rules.md 'Restarts')", () => {
  it("/healthz answers 200 while the process answers, without asking the database", async () => {
    const response = healthLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("/readyz answers 200 when the database answers and the process is not draining", async () => {
    const response = await readyLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("is not ready when the database cannot be opened, or while draining", async () => {
    // A directory is no SQLite file: every query fails.
    const broken = createPrismaClient(`file:${os.tmpdir()}`);
    try {
      expect(await readiness(broken, false)).toEqual({ ready: false, status: "unavailable", database: "unreachable" });
    } finally {
      await broken.$disconnect();
    }
    expect(await readiness(prisma, true)).toEqual({ ready: false, status: "draining", database: "not checked" });
  });

  it("is not ready while a committed migration is not applied (a web process started before `npm run db:migrate`)", async () => {
    const url = await emptyDatabase();
    const client = createPrismaClient(url);
    try {
      const pending = { ready: false, status: "unavailable", database: "migrations pending" };
      expect(await readiness(client, false)).toEqual(pending);
      const committed = committedMigrations(migrationsDir(url));
      await migrate(url, migrationsDir(url));
      expect(await migrationsApplied(client, [...committed.map((m) => m.name), "29990101000000_not_yet"])).toBe(false);
      expect(await readiness(client, false)).toEqual({ ready: true, status: "ok", database: "ok" });
    } finally {
      await client.$disconnect();
    }
  });
});

describe("home page carousels per site (catalogue spec section 3 brands)", () => {
  // A card carries its link, /products/{brand}/{handle}/{flavor}/{size}?sku=, not its brand.
  const carouselProducts = (data: { home: { carousels: { products: { variant: { href: string } }[] }[] } }) =>
    data.home.carousels
      .flatMap((carousel) => carousel.products)
      .map((product) => ({ ...product, brand: product.variant.href.split("/")[2] }));

  it("builds the consumer home from content, never showing Prescription Diet", async () => {
    const data = await (await homeLoader(args(new Request(DTC_URL)))).json();
    expect(data.site).toBe("DTC");
    expect(data.home.hero?.heading).toBeTruthy();
    expect(data.home.carousels.map((c: { config: { headline: string } }) => c.config.headline)).toEqual([
      "Dog favorites",
      "Cat favorites",
    ]);
    const products = carouselProducts(data);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.brand !== "prescription-diet")).toBe(true);
  });

  it("shows Prescription Diet but never Hill's Treats on the staff site", async () => {
    const data = await (await homeLoader(args(new Request(HPSF_URL)))).json();
    expect(data.site).toBe("HPSF");
    const products = carouselProducts(data);
    expect(products.some((p) => p.brand === "prescription-diet")).toBe(true);
    expect(products.every((p) => p.brand !== "hills-treats")).toBe(true);
  });

  it("picks an in-stock variant for each card and links it as /products/{variantURL}?sku=", async () => {
    const data = await (await homeLoader(args(new Request(DTC_URL)))).json();
    const products = carouselProducts(data) as unknown as { variant: { href: string; badges: string[] } }[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of products)
      expect(product.variant.href).toMatch(/^\/products\/[a-z-]+\/[a-z0-9.-]+\/[a-z0-9.-]+\/[a-z0-9.]+\?sku=[\w-]+$/);
    expect(products.filter((p) => p.variant.badges.includes("out-of-stock"))).toEqual([]);
  });
});

describe("root loader (header data)", () => {
  it("resolves the site from the Host and counts no items without a cart", async () => {
    const data = await (await rootLoader(args(new Request(HPSF_URL)))).json();
    expect(data).toMatchObject({ site: "HPSF", cartQuantity: 0 });
  });

  it("counts the items of the cart named by the col_cart_id cookie (shop-core spec section 3)", async () => {
    const variants = await prisma.productVariant.findMany({ take: 2, select: { id: true } });
    const cart = await prisma.cart.create({
      data: {
        id: "test-cart-header-count",
        site: "DTC",
        lines: {
          create: [
            { variantId: variants[0].id, quantity: 2 },
            { variantId: variants[1].id, quantity: 3 },
          ],
        },
      },
    });
    const request = new Request(DTC_URL, { headers: { Cookie: await cartIdCookie.serialize(cart.id) } });
    const data = await (await rootLoader(args(request))).json();
    expect(data.cartQuantity).toBe(5);
    await prisma.cart.delete({ where: { id: cart.id } });
  });
});

describe("/products routing (shop-core spec section 2; catalogue spec section 2)", () => {
  const load = async (path: string, host = "localhost:3000") => {
    const { loader } = await import("~/routes/products.$");
    const url = new URL(`http://${host}${path}`);
    const splat = url.pathname.replace(/^\/products\/?/, "");
    try {
      return await loader({ request: new Request(url), params: { "*": splat }, context: {} });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("redirects paths containing /products/products to the corrected path", async () => {
    const response = (await load("/products/products/dog/dry?flavor=chicken")) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/products/dog/dry?flavor=chicken");
  });

  it("sends /products/cart to the cart", async () => {
    const response = (await load("/products/cart")) as Response;
    expect(response.headers.get("Location")).toBe("/cart");
  });

  it("answers 404 for unknown products, categories and deeper paths", async () => {
    for (const path of ["/products/no-such-food", "/products/dog/bogus", "/products/a/b/c/d/e"]) {
      expect(((await load(path)) as Response).status, path).toBe(404);
    }
  });

  describe("three-segment product URLs /products/{handle}/{flavor}/{size} (catalogue spec section 2)", () => {
    const PRODUCT = "/products/science-diet/adult-dry-dog-food";
    const redirectOf = async (path: string, host?: string) => {
      const response = (await load(path, host)) as Response;
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      return response.headers.get("Location");
    };
    /** The product's default variant: the first in stock by position, else the first. */
    const defaultPath = async (handle: string) => {
      const variants = await prisma.productVariant.findMany({
        where: { product: { handle } },
        orderBy: { position: "asc" },
      });
      return `/products/${(variants.find((v) => v.inventory > 0) ?? variants[0]).url}`;
    };

    it("redirects to the canonical page of the flavor and size asked for", async () => {
      expect(await redirectOf("/products/adult-dry-dog-food/lamb-meal-brown-rice/30lb")).toBe(
        `${PRODUCT}/lamb-meal-brown-rice/30lb`,
      );
      expect(await redirectOf("/products/adult-dry-dog-food/chicken-barley/4lb")).toBe(`${PRODUCT}/chicken-barley/4lb`);
      // The flavor segment picks the variant whose Flavor contains it.
      expect(await redirectOf("/products/adult-dry-dog-food/lamb/15.5lb")).toBe(
        `${PRODUCT}/lamb-meal-brown-rice/15.5lb`,
      );
    });

    it("keeps the query, whose sku or search value picks first", async () => {
      expect(await redirectOf("/products/adult-dry-dog-food/lamb/30lb?sku=SD00401&utm_source=mail")).toBe(
        `${PRODUCT}/chicken-barley/4lb?sku=SD00401&utm_source=mail`,
      );
    });

    it("answers an unknown flavor or size with the product's default variant", async () => {
      const fallback = await defaultPath("adult-dry-dog-food");
      expect(await redirectOf("/products/adult-dry-dog-food/no-such-flavor/no-such-size")).toBe(fallback);
      // An unknown size keeps the flavor; an unknown flavor keeps the size.
      expect(await redirectOf("/products/adult-dry-dog-food/lamb-meal-brown-rice/99lb")).toMatch(
        /\/lamb-meal-brown-rice\/(4|15\.5|30)lb$/,
      );
      expect(await redirectOf("/products/adult-dry-dog-food/no-such-flavor/30lb")).toMatch(/\/30lb$/);
    });

    it("answers 404 for a handle the site does not sell", async () => {
      expect(((await load("/products/no-such-food/chicken/4lb")) as Response).status).toBe(404);
      // Prescription Diet is unknown on the consumer site, and redirects on the staff site.
      expect(((await load("/products/k-d-kidney-care-dry-dog-food/chicken/8.5lb")) as Response).status).toBe(404);
      expect(await redirectOf("/products/k-d-kidney-care-dry-dog-food/lamb/8.5lb", "staff.localhost:3000")).toBe(
        "/products/prescription-diet/k-d-kidney-care-dry-dog-food/lamb/8.5lb",
      );
    });
  });

  it("builds product breadcrumbs from brand, pet age and food form; listings say what they remember (shop-core spec section 2)", async () => {
    const product = (await load("/products/science-diet/kitten-dry-cat-food/chicken-recipe/3.5lb")) as unknown as {
      data: { crumbs: { label: string; to?: string }[] };
    };
    expect(product.data.crumbs.map((c) => c.label)).toEqual([
      "Home",
      "All Products",
      "Cat",
      "Science Diet",
      "Kitten",
      "Dry Food",
      "Science Diet Kitten Dry Cat Food",
    ]);
    const memoryOf = async (path: string) =>
      (((await await load(path)) as Response).json() as Promise<{ crumbMemory: unknown }>).then((d) => d.crumbMemory);
    expect(await memoryOf("/products/cat/wet")).toEqual({
      category: { species: "cat", label: "Wet Food", path: "/products/cat/wet" },
      filters: [{ label: "Wet Food", to: "/products/cat/wet" }],
    });
    // The species page remembers no category (no "Dog › Dog").
    expect(await memoryOf("/products/dog")).toEqual({ category: null, filters: [] });
    expect(await memoryOf("/products?brand=science-diet")).toEqual({ filters: [{ label: "Science Diet" }] });
  });

  it("picks the variant named by a 'search' query value like a sku", async () => {
    const response = await load("/products/adult-dry-dog-food?search=SD00403");
    // Product pages defer related products, so the loader returns DeferredData.
    const { data } = response as unknown as { data: { variant: { sku: string } } };
    expect(data.variant.sku).toBe("SD00403");
  });

  it("shows each variant's own picture: the page, its JSON-LD and its share image (the picture is the variant)", async () => {
    for (const sku of ["SD00401", "SD00403"]) {
      const response = await load(`/products/adult-dry-dog-food?sku=${sku}`);
      const { data } = response as unknown as {
        data: {
          variant: { id: string };
          product: { images: { url: string; variantId: string | null }[] };
          productJsonLd: { image: string[] };
        };
      };
      const [shown] = imagesForVariant(data.product.images, data.variant.id);
      expect(shown.url, sku).toContain(sku.toLowerCase());
      expect(data.productJsonLd.image, sku).toEqual([expect.stringContaining(sku.toLowerCase())]);
    }
  });
});
