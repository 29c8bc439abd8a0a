import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { FILTER_GROUPS } from "~/models/filter-groups";
import { SITE_IDS } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { verifyPassword } from "~/services/identity/password.server";
import { buildCatalogue } from "../../prisma/seed/catalogue";
import { DEMO_ACCOUNTS } from "../../prisma/seed/fixtures";
import { seedDatabase, seedSynthetic } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

let db: PrismaClient;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedDatabase(db, { images: false, syntheticProducts: 0 });
});

afterAll(async () => {
  await db.$disconnect();
});

async function tableCounts(client: PrismaClient) {
  return {
    products: await client.product.count(),
    variants: await client.productVariant.count(),
    images: await client.productImage.count(),
    facets: await client.productFacet.count(),
    plans: await client.sellingPlan.count(),
    zips: await client.zipRange.count(),
    clinics: await client.clinic.count(),
    customers: await client.customer.count(),
    addresses: await client.customerAddress.count(),
    metafields: await client.customerMetafield.count(),
    identities: await client.identityUser.count(),
  };
}

describe("seeded catalogue (catalogue spec section 3)", () => {
  it("has at least 80 products and 250 variants of dog and cat food", async () => {
    expect(await db.product.count()).toBeGreaterThanOrEqual(80);
    expect(await db.productVariant.count()).toBeGreaterThanOrEqual(250);
    const species = await db.product.groupBy({ by: ["species"], _count: true });
    expect(species.map((s) => s.species).sort()).toEqual(["cat", "dog"]);
  });

  it("uses every option of every filter group on at least one product that a site of the option sells", async () => {
    const facets = await db.productFacet.findMany({
      select: { group: true, value: true, product: { select: { soldOnDtc: true, soldOnHpsf: true } } },
    });
    const missing: string[] = [];
    for (const group of FILTER_GROUPS) {
      for (const option of group.options) {
        const used = facets.some(
          (f) =>
            f.group === group.field &&
            f.value === option.slug &&
            option.sites.some((site) => (site === "DTC" ? f.product.soldOnDtc : f.product.soldOnHpsf)),
        );
        if (!used) missing.push(`${group.field}:${option.slug}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("sells Science Diet on both sites, Prescription Diet on the staff site only and Hill's Treats to consumers' dogs only", async () => {
    const brands = await db.product.groupBy({
      by: ["brand", "soldOnDtc", "soldOnHpsf"],
      _count: true,
    });
    expect(brands.map(({ brand, soldOnDtc, soldOnHpsf }) => ({ brand, soldOnDtc, soldOnHpsf }))).toEqual(
      expect.arrayContaining([
        { brand: "science-diet", soldOnDtc: true, soldOnHpsf: true },
        { brand: "prescription-diet", soldOnDtc: false, soldOnHpsf: true },
        { brand: "hills-treats", soldOnDtc: true, soldOnHpsf: false },
      ]),
    );
    expect(brands).toHaveLength(3);
    expect(await db.product.count({ where: { brand: "hills-treats", species: { not: "dog" } } })).toBe(0);
  });

  it("sells on each site exactly the product lines its site policy names (the filter options follow the policy)", async () => {
    for (const site of SITE_IDS) {
      const { soldOnFlag, sellsPrescriptionDiet, sellsTreats } = sitePolicy(site);
      const sold = (brand: string) => db.product.count({ where: { brand, [soldOnFlag]: true } });
      expect(await sold("prescription-diet"), site).toBe(
        sellsPrescriptionDiet ? await db.product.count({ where: { brand: "prescription-diet" } }) : 0,
      );
      expect(await sold("hills-treats"), site).toBe(
        sellsTreats ? await db.product.count({ where: { brand: "hills-treats" } }) : 0,
      );
    }
  });

  it("covers sizes in lb, oz, kg and g; dry, wet and treats; bag, can, tray and pouch", async () => {
    const variants = await db.productVariant.findMany({
      select: { weightUnit: true, packType: true, productForm: true },
    });
    const distinct = (field: "weightUnit" | "packType" | "productForm") =>
      [...new Set(variants.map((v) => v[field]))].sort();
    expect(distinct("weightUnit")).toEqual(["g", "kg", "lbs", "oz"]);
    expect(distinct("packType")).toEqual(["bag", "can", "pouch", "tray"]);
    expect(distinct("productForm")).toEqual(["Canned", "Dry", "Pouch", "Tray", "Treats"]);
    const forms = await db.product.findMany({ distinct: ["foodForm"], select: { foodForm: true } });
    expect(forms.map((f) => f.foodForm).sort()).toEqual(["dry", "treats", "wet"]);
  });

  it("has badge tags, compare-at prices, out-of-stock and limited-stock variants", async () => {
    expect(await db.productVariant.count({ where: { badgeTags: { contains: "badge::new" } } })).toBeGreaterThan(0);
    expect(await db.productVariant.count({ where: { compareAtPriceCents: { not: null } } })).toBeGreaterThan(0);
    expect(await db.productVariant.count({ where: { inventory: 0 } })).toBeGreaterThan(0);
    expect(await db.productVariant.count({ where: { inventory: { gt: 0, lte: 5 } } })).toBeGreaterThan(0);
    const variants = await db.productVariant.findMany({ select: { badgeTags: true } });
    const tags = new Set(variants.flatMap((v) => v.badgeTags.split(",").filter(Boolean)));
    for (const tag of tags) expect(tag).toMatch(/^badge::[a-z-]+$/);
  });

  it("gives every variant its own picture, and every variant a URL under its brand and handle", async () => {
    expect(await db.product.count({ where: { images: { none: {} } } })).toBe(0);
    // One picture per variant, tied to it, named for it (docs/rules.md "Pictures and their ratios").
    const pictured = await db.productVariant.findMany({
      select: { sku: true, flavor: true, size: true, images: { select: { url: true, alt: true } } },
    });
    for (const v of pictured) {
      expect(v.images, v.sku).toHaveLength(1);
      expect(v.images[0].url).toContain(v.sku.toLowerCase());
      expect(v.images[0].alt).toContain(`${v.flavor}, ${v.size}`);
    }
    expect(await db.productImage.count({ where: { variantId: null, product: { synthetic: false } } })).toBe(0);
    const variants = await db.productVariant.findMany({
      select: { url: true, product: { select: { brand: true, handle: true } } },
    });
    for (const v of variants) expect(v.url.startsWith(`${v.product.brand}/${v.product.handle}/`)).toBe(true);
  });

  it("has home-delivery coverage that includes the default guest zip 80011 (shop-core spec section 1)", async () => {
    const covering = await db.zipRange.count({
      where: { destination: "HOME", startZip: { lte: "80011" }, endZip: { gte: "80011" } },
    });
    expect(covering).toBe(1);
  });

  it("has autoship selling plans", async () => {
    expect(await db.sellingPlan.count()).toBeGreaterThanOrEqual(3);
  });

  it("creates the demo home customer and the staff member with a clinic", async () => {
    const home = await db.identityUser.findUniqueOrThrow({
      where: { store_email: { store: "home", email: DEMO_ACCOUNTS.home.email } },
      include: { customer: { include: { defaultAddress: true } } },
    });
    expect(await verifyPassword(DEMO_ACCOUNTS.home.password, home.passwordHash)).toBe(true);
    expect(home.customer?.site).toBe("DTC");
    expect(home.customer?.defaultAddress?.zip).toBe("80011");

    const staff = await db.identityUser.findUniqueOrThrow({
      where: { store_email: { store: "staff", email: DEMO_ACCOUNTS.staff.email } },
      include: { customer: { include: { clinic: true, metafields: true } } },
    });
    expect(await verifyPassword(DEMO_ACCOUNTS.staff.password, staff.passwordHash)).toBe(true);
    expect(staff.customer?.site).toBe("HPSF");
    expect(staff.customer?.clinic?.shipTo).toBe(staff.sfPreferedShipTo);
    expect(staff.sapCustomerAccountGroup).toBeTruthy();
    expect(staff.customer?.metafields.map((m) => `${m.namespace}.${m.key}`).sort()).toEqual([
      "profeeding.clinic_zip",
      "profeeding.preferred_address",
      "profeeding.ship_to",
      "profeeding.sold_to",
    ]);
  });

  it("is idempotent: seeding again changes no counts", async () => {
    const before = await tableCounts(db);
    await seedDatabase(db, { images: false, syntheticProducts: 0 });
    expect(await tableCounts(db)).toEqual(before);
  });

  it("is deterministic: the same SKUs, prices and stock every time", async () => {
    const rows = await db.productVariant.findMany({
      where: { product: { synthetic: false } },
      select: { sku: true, priceCents: true, inventory: true },
      orderBy: { sku: "asc" },
    });
    const built = buildCatalogue()
      .flatMap((p) => p.variants)
      .map(({ sku, priceCents, inventory }) => ({ sku, priceCents, inventory }))
      .sort((a, b) => a.sku.localeCompare(b.sku));
    expect(rows).toEqual(built);
  });

  it("adds N synthetic products for load tests, and replaces them on a re-run", async () => {
    const real = await db.product.count();
    await seedDatabase(db, { images: false, syntheticProducts: 30 });
    expect(await db.product.count({ where: { synthetic: true } })).toBe(30);
    expect(await db.productFacet.count({ where: { product: { synthetic: true }, group: "species" } })).toBe(30);
    // A re-run replaces them (the step seedDatabase runs last, without seeding the catalogue again).
    await seedSynthetic(db, 10, false);
    expect(await db.product.count()).toBe(real + 10);
    await seedSynthetic(db, 0, false);
    expect(await db.product.count()).toBe(real);
  });
});
