// The back office's catalogue (docs/rules.md "Back office: catalogue"): the products list, one
// product with its variants, and the merchandiser's edits. Each save is ONE transaction: the
// row changes, `minPriceCents` kept in step, the facet rows rewritten when they no longer match
// `productFacets`, the `catalogue` DataVersion bumped (every process reloads within one
// freshness poll: docs/rules.md "Processes") and one audit entry with the changed fields.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { containsIgnoringCase } from "~/db.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  badgesOfTags,
  badgeTagsWith,
  minPriceOf,
  type ProductEdit,
  type ProductFilter,
  type TaggableBadge,
  type VariantEdit,
} from "~/models/admin-catalogue";
import { changedFields, type AuditActor } from "~/models/audit";
import { productFacets } from "~/models/facets";
import { parseNutrition, serializeNutrition, type Nutrition } from "~/models/nutrition";
import { splitTags } from "~/models/product";
import { sitePolicy } from "~/models/site-policy";
import { SITE_IDS, type SiteId } from "~/models/site";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";

export interface AdminProductRow {
  id: string;
  title: string;
  handle: string;
  brand: string;
  species: string;
  /** The sites the product is published (sold) on. */
  sites: SiteId[];
  variantCount: number;
  minPriceCents: number;
  maxPriceCents: number;
  totalUnits: number;
}

export interface AdminVariant {
  id: string;
  sku: string;
  title: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  inventory: number;
  badges: TaggableBadge[];
  /** Stored tags that are not badges a merchandiser sets (kept as they are). */
  otherTags: string[];
}

export interface AdminProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  brand: string;
  species: string;
  soldOnDtc: boolean;
  soldOnHpsf: boolean;
  autoshipEligible: boolean;
  featuredRank: number | null;
  /** The label facts (`parseNutrition`); null when none are stated. */
  nutrition: Nutrition | null;
  minPriceCents: number;
  updatedAt: string;
  variants: AdminVariant[];
}

/** The sites a product row is sold on, through each site's publication flag. */
const sitesOf = (row: { soldOnDtc: boolean; soldOnHpsf: boolean }): SiteId[] =>
  SITE_IDS.filter((site) => row[sitePolicy(site).soldOnFlag]);

type Tx = Prisma.TransactionClient;

/** Rewrites a product's facet rows when they differ from `productFacets` of its current fields. */
async function keepFacetsInStep(tx: Tx, productId: string): Promise<void> {
  const product = await tx.product.findUniqueOrThrow({
    where: { id: productId },
    include: { variants: { select: { flavor: true, packType: true, weightUnit: true } }, facets: true },
  });
  const wanted = productFacets(product);
  const key = (f: { group: string; value: string }) => `${f.group}\u0000${f.value}`;
  const stored = new Set(product.facets.map(key));
  if (stored.size === wanted.length && wanted.every((f) => stored.has(key(f)))) return;
  await tx.productFacet.deleteMany({ where: { productId } });
  await tx.productFacet.createMany({ data: wanted.map((f) => ({ productId, group: f.group, value: f.value })) });
}

/** Keeps `minPriceCents` the lowest variant price (the listing's price sort reads it). */
async function keepMinPriceInStep(tx: Tx, productId: string): Promise<void> {
  const variants = await tx.productVariant.findMany({ where: { productId }, select: { priceCents: true } });
  const minPriceCents = minPriceOf(variants);
  await tx.product.updateMany({ where: { id: productId, NOT: { minPriceCents } }, data: { minPriceCents } });
}

export function createCatalogueAdmin(db: PrismaClient) {
  function where(filter: Partial<ProductFilter>): Prisma.ProductWhereInput {
    const and: Prisma.ProductWhereInput[] = [];
    if (filter.q) {
      const term = containsIgnoringCase(filter.q);
      and.push({ OR: [{ title: term }, { handle: term }, { variants: { some: { sku: term } } }] });
    }
    if (filter.brand) and.push({ brand: filter.brand });
    if (filter.species) and.push({ species: filter.species });
    if (filter.published === "none") and.push(...SITE_IDS.map((site) => ({ [sitePolicy(site).soldOnFlag]: false })));
    else if (filter.published) and.push({ [sitePolicy(filter.published).soldOnFlag]: true });
    return and.length ? { AND: and } : {};
  }

  return {
    async list(filter: Partial<ProductFilter>): Promise<{ rows: AdminProductRow[]; total: number; page: number }> {
      const page = filter.page ?? 1;
      const [products, total] = await Promise.all([
        db.product.findMany({
          where: where(filter),
          orderBy: [{ title: "asc" }, { id: "asc" }],
          skip: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
          take: ADMIN_PRODUCTS_PAGE_SIZE,
          select: {
            id: true,
            title: true,
            handle: true,
            brand: true,
            species: true,
            soldOnDtc: true,
            soldOnHpsf: true,
            variants: { select: { priceCents: true, inventory: true } },
          },
        }),
        db.product.count({ where: where(filter) }),
      ]);
      return {
        page,
        total,
        rows: products.map((p) => ({
          id: p.id,
          title: p.title,
          handle: p.handle,
          brand: p.brand,
          species: p.species,
          sites: sitesOf(p),
          variantCount: p.variants.length,
          minPriceCents: minPriceOf(p.variants),
          maxPriceCents: p.variants.length ? Math.max(...p.variants.map((v) => v.priceCents)) : 0,
          totalUnits: p.variants.reduce((sum, v) => sum + Math.max(0, v.inventory), 0),
        })),
      };
    },

    async get(id: string): Promise<AdminProduct | null> {
      const p = await db.product.findUnique({
        where: { id },
        include: { variants: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
      });
      if (!p) return null;
      return {
        id: p.id,
        handle: p.handle,
        title: p.title,
        description: p.description,
        brand: p.brand,
        species: p.species,
        soldOnDtc: p.soldOnDtc,
        soldOnHpsf: p.soldOnHpsf,
        autoshipEligible: p.autoshipEligible,
        featuredRank: p.featuredRank,
        nutrition: parseNutrition(p.nutrition),
        minPriceCents: p.minPriceCents,
        updatedAt: p.updatedAt.toISOString(),
        variants: p.variants.map((v) => {
          const tags = splitTags(v.badgeTags);
          return {
            id: v.id,
            sku: v.sku,
            title: v.title,
            priceCents: v.priceCents,
            compareAtPriceCents: v.compareAtPriceCents,
            inventory: v.inventory,
            badges: badgesOfTags(tags),
            otherTags: tags.filter((tag) => badgesOfTags([tag]).length === 0),
          };
        }),
      };
    },

    /** Saves a product's own fields: one audit entry "product.update" (only the changed fields). */
    async updateProduct(actor: AuditActor, id: string, edit: ProductEdit): Promise<"saved" | "unchanged" | null> {
      return db.$transaction(async (tx) => {
        const product = await tx.product.findUnique({ where: { id } });
        if (!product) return null;
        const fields = (p: Omit<ProductEdit, "nutrition"> & { nutrition?: string | null }) => ({
          title: p.title,
          description: p.description,
          soldOnDtc: p.soldOnDtc,
          soldOnHpsf: p.soldOnHpsf,
          autoshipEligible: p.autoshipEligible,
          featuredRank: p.featuredRank,
          // Stored and audited as the canonical text of its shape (docs/rules.md "Nutrition facts");
          // left as it is by a form without the nutrition fields.
          ...(edit.nutrition === undefined ? {} : { nutrition: p.nutrition }),
        });
        const { before, after } = changedFields(
          fields({ ...product, nutrition: serializeNutrition(parseNutrition(product.nutrition)) }),
          fields({ ...edit, nutrition: edit.nutrition === undefined ? undefined : serializeNutrition(edit.nutrition) }),
        );
        if (Object.keys(after).length === 0) return "unchanged";
        await tx.product.update({ where: { id }, data: after });
        await keepFacetsInStep(tx, id);
        await bumpDataVersion(tx, "catalogue");
        await recordAudit(tx, actor, {
          action: "product.update",
          subjectType: "product",
          subjectId: id,
          subjectLabel: edit.title,
          before,
          after,
        });
        return "saved";
      });
    },

    /**
     * Saves a variant's price, compare-at price, units and badges: one audit entry "variant.update"
     * (only the changed fields; badges as their keys). `productId` must own the variant.
     */
    async updateVariant(
      actor: AuditActor,
      productId: string,
      variantId: string,
      edit: VariantEdit,
    ): Promise<"saved" | "unchanged" | null> {
      return db.$transaction(async (tx) => {
        const variant = await tx.productVariant.findFirst({
          where: { id: variantId, productId },
          include: { product: { select: { title: true } } },
        });
        if (!variant) return null;
        const tags = splitTags(variant.badgeTags);
        const before = {
          priceCents: variant.priceCents,
          compareAtPriceCents: variant.compareAtPriceCents,
          inventory: variant.inventory,
          badges: badgesOfTags(tags),
        };
        const wanted = {
          priceCents: edit.priceCents,
          compareAtPriceCents: edit.compareAtPriceCents,
          inventory: edit.inventory,
          badges: badgesOfTags(badgeTagsWith([], edit.badges).split(",")),
        };
        const changed = changedFields(before, wanted);
        if (Object.keys(changed.after).length === 0) return "unchanged";
        await tx.productVariant.update({
          where: { id: variantId },
          data: {
            priceCents: edit.priceCents,
            compareAtPriceCents: edit.compareAtPriceCents,
            inventory: edit.inventory,
            badgeTags: badgeTagsWith(tags, edit.badges),
          },
        });
        if ("priceCents" in changed.after) await keepMinPriceInStep(tx, productId);
        await bumpDataVersion(tx, "catalogue");
        await recordAudit(tx, actor, {
          action: "variant.update",
          subjectType: "variant",
          subjectId: variantId,
          subjectLabel: `${variant.product.title} (${variant.sku})`,
          before: changed.before,
          after: changed.after,
        });
        return "saved";
      });
    },
  };
}
