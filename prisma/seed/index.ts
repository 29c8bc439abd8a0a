import type { PrismaClient } from "~/generated/prisma/client";
import { productFacets } from "~/models/facets";
import { serializeNutrition } from "~/models/nutrition";
import { hashPassword, verifyPassword } from "~/services/identity/password.server";
import { buildCatalogue, buildSyntheticProduct, type SeedProduct, type SeedVariant } from "./catalogue";
import { CLINICS, DEMO_ACCOUNTS, DEMO_OWNER, HOME_ZIP_RANGES, SELLING_PLANS } from "./fixtures";
import { seedContent, type ContentSeedSummary } from "./content";
import { seedDonations, type DonationSeedSummary } from "./donations";
import { ensureProductImages, IMAGE_SIZE, packArtFor, productImageSvg, productImageUrl } from "./images";
import { seedReviews, type ReviewSeedSummary } from "./reviews";
import { insertStatements } from "./sql";

export interface SeedOptions {
  /** Draw product pictures (skipped by tests that do not look at them). */
  images: boolean;
  /** Synthetic products for load tests; 0 removes any made before. */
  syntheticProducts: number;
}

export interface SeedSummary {
  products: number;
  variants: number;
  syntheticProducts: number;
  content: ContentSeedSummary;
  donations: DonationSeedSummary;
  reviews: ReviewSeedSummary;
}

const SYNTHETIC_IMAGE = "load-test-formula.png";
const SYNTHETIC_BATCH = 1000;

/** One picture per variant (docs/rules.md "Pictures and their ratios"): its flavor and size on its pack. */
function imageFileName(product: SeedProduct, variant: SeedVariant): string {
  return `${product.handle}-${variant.sku.toLowerCase()}.png`;
}

/** A variant's picture row: the pack's words for its alt text, its position the variant's. */
function imageRow(product: SeedProduct, variant: SeedVariant, position: number) {
  return {
    url: productImageUrl(imageFileName(product, variant)),
    alt: `${product.title}, ${variant.flavor}, ${variant.size}`,
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
    position,
  };
}

function productRow(product: SeedProduct, synthetic = false) {
  return {
    handle: product.handle,
    title: product.title,
    brand: product.brand,
    productType: product.productType,
    description: product.description,
    species: product.species,
    lifestage: product.lifestage,
    breedSize: product.breedSize,
    foodForm: product.foodForm,
    subBrand: product.subBrand,
    healthConditions: product.healthConditions.join(","),
    soldOnDtc: product.soldOnDtc,
    soldOnHpsf: product.soldOnHpsf,
    autoshipEligible: product.autoshipEligible,
    minPriceCents: Math.min(...product.variants.map((v) => v.priceCents)),
    featuredRank: product.featuredRank,
    synthetic,
    publishedAt: product.publishedAt,
    nutrition: serializeNutrition(product.nutrition),
  };
}

function variantRow(variant: SeedProduct["variants"][number]) {
  return { ...variant, badgeTags: variant.badgeTags.join(",") };
}

function facetRows(product: SeedProduct, productId: string) {
  return productFacets({
    ...product,
    healthConditions: product.healthConditions.join(","),
  }).map((facet) => ({ productId, ...facet }));
}

async function seedCatalogue(db: PrismaClient, options: SeedOptions): Promise<number> {
  const catalogue = buildCatalogue();
  if (options.images) {
    await ensureProductImages(
      catalogue.flatMap((product) =>
        product.variants.map((variant) => ({
          fileName: imageFileName(product, variant),
          svg: () => productImageSvg(packArtFor(product, variant)),
        })),
      ),
    );
  }
  await db.$transaction(
    async (tx) => {
      for (const product of catalogue) {
        const row = productRow(product);
        const { id } = await tx.product.upsert({
          where: { handle: product.handle },
          create: row,
          update: row,
          select: { id: true },
        });
        const variantIds: string[] = [];
        for (const variant of product.variants) {
          const data = variantRow(variant);
          const { id: variantId } = await tx.productVariant.upsert({
            where: { sku: variant.sku },
            create: { ...data, productId: id },
            update: { ...data, productId: id },
            select: { id: true },
          });
          variantIds.push(variantId);
        }
        await tx.productImage.deleteMany({ where: { productId: id } });
        await tx.productImage.createMany({
          data: product.variants.map((variant, i) => ({
            productId: id,
            variantId: variantIds[i],
            ...imageRow(product, variant, i),
          })),
        });
        await tx.productFacet.deleteMany({ where: { productId: id } });
        await tx.productFacet.createMany({ data: facetRows(product, id) });
      }
    },
    { timeout: 120_000 },
  );
  return catalogue.length;
}

/** Replaces the synthetic products (load tests) with `count` new ones; 0 removes them. */
export async function seedSynthetic(db: PrismaClient, count: number, images: boolean): Promise<void> {
  await db.product.deleteMany({ where: { synthetic: true } });
  if (count <= 0) return;
  if (images) {
    await ensureProductImages([
      {
        fileName: SYNTHETIC_IMAGE,
        // One picture for every synthetic product: it names none of them.
        svg: () => {
          const product = buildSyntheticProduct(1);
          return productImageSvg({ ...packArtFor(product, product.variants[0]), name: "Load Test Formula" });
        },
      },
    ]);
  }
  const now = new Date();
  for (let start = 1; start <= count; start += SYNTHETIC_BATCH) {
    const products = Array.from({ length: Math.min(SYNTHETIC_BATCH, count - start + 1) }, (_, i) =>
      buildSyntheticProduct(start + i),
    );
    const ids = products.map((p) => `synthetic-${p.handle}`);
    // Ids and timestamps are given here: the ORM's client-side defaults (cuid, @updatedAt) do not run for raw SQL.
    const statements = [
      ...insertStatements(
        "Product",
        products.map((p, i) => ({ id: ids[i], ...productRow(p, true), createdAt: now, updatedAt: now })),
      ),
      ...insertStatements(
        "ProductVariant",
        products.flatMap((p, i) =>
          p.variants.map((v, k) => ({ id: `${ids[i]}-${k + 1}`, ...variantRow(v), productId: ids[i], updatedAt: now })),
        ),
      ),
      ...insertStatements(
        "ProductImage",
        products.flatMap((p, i) =>
          // One product-wide picture (variantId null) for every synthetic product.
          [
            {
              id: `${ids[i]}-image`,
              productId: ids[i],
              variantId: null,
              url: productImageUrl(SYNTHETIC_IMAGE),
              alt: p.title,
              width: IMAGE_SIZE,
              height: IMAGE_SIZE,
              position: 0,
            },
          ],
        ),
      ),
      ...insertStatements(
        "ProductFacet",
        products.flatMap((p, i) => facetRows(p, ids[i])),
      ),
    ];
    await db.$transaction(statements.map((statement) => db.$executeRaw(statement)));
  }
}

async function seedReferenceData(db: PrismaClient): Promise<void> {
  for (const [position, plan] of SELLING_PLANS.entries()) {
    await db.sellingPlan.upsert({
      where: { id: plan.id },
      create: { ...plan, position },
      update: { ...plan, position },
    });
  }
  for (const range of HOME_ZIP_RANGES) {
    const [startZip, endZip] = range.split("-");
    await db.zipRange.upsert({
      where: { destination_startZip_endZip: { destination: "HOME", startZip, endZip } },
      create: { destination: "HOME", startZip, endZip },
      update: {},
    });
  }
  for (const clinic of CLINICS) {
    await db.clinic.upsert({ where: { groupId: clinic.groupId }, create: clinic, update: clinic });
  }
}

/** Keeps an existing hash when the password still matches, so re-seeding is cheap and stable. */
async function passwordHashFor(db: PrismaClient, store: string, email: string, password: string): Promise<string> {
  const existing = await db.identityUser.findUnique({
    where: { store_email: { store, email } },
    select: { passwordHash: true },
  });
  if (existing && (await verifyPassword(password, existing.passwordHash))) return existing.passwordHash;
  return hashPassword(password);
}

async function seedDemoAccounts(db: PrismaClient): Promise<void> {
  const home = DEMO_ACCOUNTS.home;
  const homeCustomer = await db.customer.upsert({
    where: { site_email: { site: "DTC", email: home.email } },
    create: {
      site: "DTC",
      email: home.email,
      firstName: home.firstName,
      lastName: home.lastName,
      phone: home.phone,
      acceptsMarketing: true,
    },
    update: { firstName: home.firstName, lastName: home.lastName, phone: home.phone },
    select: { id: true, defaultAddressId: true },
  });
  if (!homeCustomer.defaultAddressId) {
    const address = await db.customerAddress.create({
      data: {
        customerId: homeCustomer.id,
        firstName: home.firstName,
        lastName: home.lastName,
        phone: home.phone,
        ...home.address,
      },
    });
    await db.customer.update({ where: { id: homeCustomer.id }, data: { defaultAddressId: address.id } });
  }
  const homeIdentity = {
    passwordHash: await passwordHashFor(db, "home", home.email, home.password),
    firstName: home.firstName,
    lastName: home.lastName,
    customerId: homeCustomer.id,
  };
  await db.identityUser.upsert({
    where: { store_email: { store: "home", email: home.email } },
    create: { store: "home", email: home.email, ...homeIdentity },
    update: homeIdentity,
  });

  const staff = DEMO_ACCOUNTS.staff;
  const clinic = await db.clinic.findUniqueOrThrow({ where: { groupId: staff.clinicGroupId } });
  const staffCustomer = await db.customer.upsert({
    where: { site_email: { site: "HPSF", email: staff.email } },
    create: {
      site: "HPSF",
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      phone: staff.phone,
      clinicId: clinic.id,
    },
    update: { firstName: staff.firstName, lastName: staff.lastName, phone: staff.phone, clinicId: clinic.id },
    select: { id: true },
  });
  const metafields = {
    ship_to: clinic.shipTo,
    sold_to: clinic.soldTo,
    preferred_address: "clinic",
    clinic_zip: clinic.zip,
  };
  for (const [key, value] of Object.entries(metafields)) {
    await db.customerMetafield.upsert({
      where: { customerId_namespace_key: { customerId: staffCustomer.id, namespace: "profeeding", key } },
      create: { customerId: staffCustomer.id, namespace: "profeeding", key, value },
      update: { value },
    });
  }
  const staffIdentity = {
    passwordHash: await passwordHashFor(db, "staff", staff.email, staff.password),
    firstName: staff.firstName,
    lastName: staff.lastName,
    roleCode: staff.roleCode,
    graduationYear: staff.graduationYear,
    sapCustomerAccountGroup: staff.accountGroup,
    sfPreferedShipTo: clinic.shipTo,
    sfStoreSoldTo: clinic.soldTo,
    customerId: staffCustomer.id,
  };
  await db.identityUser.upsert({
    where: { store_email: { store: "staff", email: staff.email } },
    create: { store: "staff", email: staff.email, ...staffIdentity },
    update: staffIdentity,
  });
}

/** The back office's demo owner (docs/rules.md "Back office"), left as it is once it exists. */
async function seedDemoOwner(db: PrismaClient): Promise<void> {
  if (await db.adminUser.findUnique({ where: { email: DEMO_OWNER.email }, select: { id: true } })) return;
  await db.adminUser.create({
    data: {
      email: DEMO_OWNER.email,
      name: DEMO_OWNER.name,
      role: "owner",
      passwordHash: await hashPassword(DEMO_OWNER.password),
    },
  });
}

/**
 * Seeds the catalogue, reference data and demo accounts. Deterministic and
 * idempotent: running it again leaves the same rows.
 */
export async function seedDatabase(db: PrismaClient, options: SeedOptions): Promise<SeedSummary> {
  await seedReferenceData(db);
  const products = await seedCatalogue(db, options);
  await seedDemoAccounts(db);
  await seedDemoOwner(db);
  const reviews = await seedReviews(db, buildCatalogue());
  await seedSynthetic(db, options.syntheticProducts, options.images);
  const contentSummary = await seedContent(db, { images: options.images });
  const donations = await seedDonations(db, { images: options.images });
  const [variants, syntheticProducts] = await Promise.all([
    db.productVariant.count({ where: { product: { synthetic: false } } }),
    db.product.count({ where: { synthetic: true } }),
  ]);
  return { products, variants, syntheticProducts, content: contentSummary, donations, reviews };
}
