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
  uploadAssetId,
  type ProductEdit,
  type ProductFilter,
  type TaggableBadge,
  type VariantEdit,
} from "~/models/admin-catalogue";
import { changedFields, type AuditActor } from "~/models/audit";
import { productFacets } from "~/models/facets";
import { ipxUrl, libraryImageUrl } from "~/models/images";
import { parseNutrition, serializeNutrition, type Nutrition } from "~/models/nutrition";
import { splitTags } from "~/models/product";
import { ServiceError } from "~/models/service-error";
import { sitePolicy } from "~/models/site-policy";
import { SITE_IDS, type SiteId } from "~/models/site";
import { recordAudit } from "~/services/audit/index.server";
import { bumpDataVersion } from "~/services/freshness/index.server";

/** A picture of a product as the back office shows it. */
export interface AdminImage {
  id: string;
  url: string;
  /** Its thumbnail through the optimiser (128 px wide: a 64 px box at 2x). */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface AdminProductRow {
  id: string;
  title: string;
  handle: string;
  brand: string;
  species: string;
  /** The product's first picture (its shared ones first), for the list's thumbnail. */
  thumbnail: AdminImage | null;
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
  /** Its own picture (docs/rules.md "Pictures and their ratios": one per variant), or null. */
  image: AdminImage | null;
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
  seoTitle: string | null;
  seoDescription: string | null;
  /** The product's shared pictures (no variant), in the shop's order. */
  images: AdminImage[];
  minPriceCents: number;
  updatedAt: string;
  variants: AdminVariant[];
}

/** The sites a product row is sold on, through each site's publication flag. */
const sitesOf = (row: { soldOnDtc: boolean; soldOnHpsf: boolean }): SiteId[] =>
  SITE_IDS.filter((site) => row[sitePolicy(site).soldOnFlag]);

type Tx = Prisma.TransactionClient;

/** The image library as the catalogue uses it (the content service's, wired in ./index.server.ts). */
export interface ImageLibrary {
  /** Size and alt text of the library's assets among `ids` (unknown ids are missing). */
  assetSizes(ids: readonly string[]): Promise<Record<string, { width: number; height: number; alt: string }>>;
  /** Checks an uploaded file as the library takes it. */
  checkImageFile(
    file: Blob,
  ): Promise<
    | { ok: true; image: { bytes: Uint8Array; format: "jpeg" | "png"; width: number; height: number } }
    | { ok: false; status: number; message: string }
  >;
  /** Adds a checked image to the library under `id`, audited as its upload. */
  uploadAsset(
    upload: {
      id: string;
      alt: string;
      description: string;
      bytes: Uint8Array;
      format: "jpeg" | "png";
      width: number;
      height: number;
    },
    actor: AuditActor,
  ): Promise<void>;
}

/** A refusal of a catalogue edit, on the form field it concerns. */
export class CatalogueEditError extends ServiceError<"INVALID" | "NOT_FOUND"> {
  constructor(message: string, field?: string, status = 400) {
    super(status === 404 ? "NOT_FOUND" : "INVALID", message, status, field);
  }
}

const NOT_FROM_LIBRARY = "Choose an image from the library.";

const imageOf = (row: { id: string; url: string; alt: string; width: number; height: number }): AdminImage => ({
  id: row.id,
  url: row.url,
  src: ipxUrl(row.url, { width: 128, format: "webp" }),
  alt: row.alt,
  width: row.width,
  height: row.height,
});

/** The pictures as the audit log records them: the shared ones in order, and each variant's own by SKU. */
function imagesForAudit(
  images: readonly { url: string; alt: string; variantId: string | null; position: number }[],
  variants: readonly { id: string; sku: string }[],
) {
  const shared = images
    .filter((image) => image.variantId === null)
    .sort((a, b) => a.position - b.position)
    .map(({ url, alt }) => ({ url, alt }));
  const variantImages = Object.fromEntries(
    variants.map((v) => [v.sku, images.find((image) => image.variantId === v.id)?.url ?? null]),
  );
  return { images: shared, variantImages };
}

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

export function createCatalogueAdmin(db: PrismaClient, library: ImageLibrary) {
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
            // Shared pictures first (variantId null sorts first on SQLite, last on PostgreSQL: sorted below).
            images: {
              orderBy: [{ position: "asc" }, { id: "asc" }],
              select: { id: true, url: true, alt: true, width: true, height: true, variantId: true },
              take: 20,
            },
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
          thumbnail: (() => {
            const first = p.images.find((image) => image.variantId === null) ?? p.images[0];
            return first ? imageOf(first) : null;
          })(),
          sites: sitesOf(p),
          variantCount: p.variants.length,
          minPriceCents: minPriceOf(p.variants),
          maxPriceCents: p.variants.length ? Math.max(...p.variants.map((v) => v.priceCents)) : 0,
          totalUnits: p.variants.reduce((sum, v) => sum + Math.max(0, v.inventory), 0),
        })),
      };
    },

    /** How many products are published on each site and on none (the list's counts), whatever the filter. */
    async statusCounts(): Promise<{ all: number; none: number } & Record<SiteId, number>> {
      const [all, none, ...sites] = await Promise.all([
        db.product.count(),
        db.product.count({ where: where({ published: "none" }) }),
        ...SITE_IDS.map((site) => db.product.count({ where: where({ published: site }) })),
      ]);
      return {
        all,
        none,
        ...(Object.fromEntries(SITE_IDS.map((site, i) => [site, sites[i]])) as Record<SiteId, number>),
      };
    },

    async get(id: string): Promise<AdminProduct | null> {
      const p = await db.product.findUnique({
        where: { id },
        include: {
          variants: { orderBy: [{ position: "asc" }, { id: "asc" }] },
          images: { orderBy: [{ position: "asc" }, { id: "asc" }] },
        },
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
        seoTitle: p.seoTitle,
        seoDescription: p.seoDescription,
        images: p.images.filter((image) => image.variantId === null).map(imageOf),
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
            image: (() => {
              const own = p.images.find((image) => image.variantId === v.id);
              return own ? imageOf(own) : null;
            })(),
          };
        }),
      };
    },

    /**
     * The product editor's one save (docs/rules.md "Back office: catalogue"): the product's fields,
     * search title and description, label facts, its pictures' order and alt text, one picture
     * added from the library or uploaded into it, and each variant's picture. Every picture chosen
     * must be a library asset, every row one of this product's (else 400 on its field, nothing
     * written). One transaction and one "product.update" entry with only what changed; an upload
     * joins the library first (its own "asset.upload" entry), so a refused save never uploads.
     */
    async updateProduct(
      actor: AuditActor,
      id: string,
      edit: ProductEdit,
      upload?: { file: Blob; alt: string },
    ): Promise<"saved" | "unchanged" | null> {
      const current = await db.product.findUnique({
        where: { id },
        select: {
          handle: true,
          title: true,
          images: { select: { id: true, variantId: true } },
          variants: { select: { id: true } },
        },
      });
      if (!current) return null;
      // Every posted row must be this product's: a shared picture, a variant.
      edit.images.forEach((row, i) => {
        if (!current.images.some((image) => image.id === row.id && image.variantId === null)) {
          throw new CatalogueEditError(
            "This picture is not one of this product's. Reload the page.",
            `images[${i}].id`,
          );
        }
      });
      edit.variants.forEach((row, i) => {
        if (!current.variants.some((v) => v.id === row.id)) {
          throw new CatalogueEditError(
            "This variant is not one of this product's. Reload the page.",
            `variants[${i}].id`,
          );
        }
      });
      // Every picture chosen comes from the library.
      const chosen = [edit.addImage, ...edit.variants.map((v) => v.image)].filter((x): x is string => Boolean(x));
      const assets = chosen.length ? await library.assetSizes(chosen) : {};
      if (edit.addImage && !assets[edit.addImage]) throw new CatalogueEditError(NOT_FROM_LIBRARY, "addImage");
      edit.variants.forEach((row, i) => {
        if (row.image && !assets[row.image]) throw new CatalogueEditError(NOT_FROM_LIBRARY, `variants[${i}].image`);
      });
      let uploaded: { id: string; width: number; height: number; alt: string } | null = null;
      if (upload) {
        const checked = await library.checkImageFile(upload.file);
        if (!checked.ok) throw new CatalogueEditError(checked.message, "upload", checked.status);
        const assetId = uploadAssetId(current.handle, Date.now());
        await library.uploadAsset(
          { id: assetId, alt: upload.alt, description: `A picture of ${edit.title}.`, ...checked.image },
          actor,
        );
        uploaded = { id: assetId, width: checked.image.width, height: checked.image.height, alt: upload.alt };
      }

      return db.$transaction(async (tx) => {
        const product = await tx.product.findUnique({
          where: { id },
          include: {
            images: { orderBy: [{ position: "asc" }, { id: "asc" }] },
            variants: { select: { id: true, sku: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
          },
        });
        if (!product) return null;
        const fields = (p: {
          title: string;
          description: string;
          autoshipEligible: boolean;
          featuredRank: number | null;
          seoTitle: string | null;
          seoDescription: string | null;
          nutrition?: string | null;
        }) => ({
          title: p.title,
          description: p.description,
          autoshipEligible: p.autoshipEligible,
          featuredRank: p.featuredRank,
          seoTitle: p.seoTitle,
          seoDescription: p.seoDescription,
          // Stored and audited as the canonical text of its shape (docs/rules.md "Nutrition facts");
          // left as it is by a form without the nutrition fields.
          ...(edit.nutrition === undefined ? {} : { nutrition: p.nutrition }),
        });

        // The pictures wanted: the shared ones in the posted order (a row not posted keeps its
        // place after them), with any addition last; each variant's own as chosen.
        const posted = new Map(edit.images.map((row, i) => [row.id, { ...row, index: i }]));
        const shared = product.images.filter((image) => image.variantId === null);
        const ordered = [...shared].sort((a, b) => {
          const pa = posted.get(a.id);
          const pb = posted.get(b.id);
          if (pa && pb) return pa.position - pb.position || pa.index - pb.index;
          if (pa || pb) return pa ? -1 : 1;
          return a.position - b.position;
        });
        type Wanted = { id: string | null; url: string; alt: string; width: number; height: number };
        const wantedShared: Wanted[] = ordered.map((image) => ({
          id: image.id,
          url: image.url,
          alt: posted.get(image.id)?.alt ?? image.alt,
          width: image.width,
          height: image.height,
        }));
        const fromLibrary = (assetId: string, size: { width: number; height: number; alt: string }): Wanted => ({
          id: null,
          url: libraryImageUrl(assetId),
          alt: size.alt,
          width: size.width,
          height: size.height,
        });
        if (edit.addImage) wantedShared.push(fromLibrary(edit.addImage, assets[edit.addImage]));
        if (uploaded) wantedShared.push(fromLibrary(uploaded.id, uploaded));
        const variantChoice = new Map(
          edit.variants.flatMap((row) => (row.image ? [[row.id, row.image] as const] : [])),
        );

        const beforeImages = imagesForAudit(product.images, product.variants);
        const afterImages = imagesForAudit(
          [
            ...wantedShared.map((image, position) => ({ ...image, variantId: null, position })),
            ...product.images
              .filter((image) => image.variantId !== null)
              .map((image) => {
                const choice = image.variantId ? variantChoice.get(image.variantId) : undefined;
                return choice ? { ...image, url: libraryImageUrl(choice) } : image;
              }),
            ...[...variantChoice]
              .filter(([variantId]) => !product.images.some((image) => image.variantId === variantId))
              .map(([variantId, assetId]) => ({ ...fromLibrary(assetId, assets[assetId]), variantId, position: 0 })),
          ],
          product.variants,
        );
        const { before, after } = changedFields(
          {
            ...fields({ ...product, nutrition: serializeNutrition(parseNutrition(product.nutrition)) }),
            ...beforeImages,
          },
          {
            ...fields({
              ...edit,
              nutrition: edit.nutrition === undefined ? undefined : serializeNutrition(edit.nutrition),
            }),
            ...afterImages,
          },
        );
        if (Object.keys(after).length === 0) return "unchanged";
        const { images: _images, variantImages: _variantImages, ...columns } = after;
        if (Object.keys(columns).length) await tx.product.update({ where: { id }, data: columns });
        if ("images" in after) {
          for (const [position, image] of wantedShared.entries()) {
            if (image.id) {
              const stored = shared.find((row) => row.id === image.id)!;
              if (stored.position !== position || stored.alt !== image.alt) {
                await tx.productImage.update({ where: { id: image.id }, data: { position, alt: image.alt } });
              }
            } else {
              const { id: _none, ...row } = image;
              await tx.productImage.create({ data: { ...row, productId: id, position } });
            }
          }
        }
        for (const [variantId, assetId] of variantChoice) {
          const size = assets[assetId];
          const data = { url: libraryImageUrl(assetId), alt: size.alt, width: size.width, height: size.height };
          const own = product.images.filter((image) => image.variantId === variantId);
          if (own.length === 0)
            await tx.productImage.create({ data: { ...data, productId: id, variantId, position: 0 } });
          else if (own[0].url !== data.url) await tx.productImage.update({ where: { id: own[0].id }, data });
        }
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

    /** Publishes or unpublishes a product on one site: "product.publish" / "product.unpublish". */
    async setPublished(
      actor: AuditActor,
      id: string,
      site: SiteId,
      published: boolean,
    ): Promise<"saved" | "unchanged" | null> {
      const flag = sitePolicy(site).soldOnFlag;
      return db.$transaction(async (tx) => {
        const product = await tx.product.findUnique({ where: { id } });
        if (!product) return null;
        if (product[flag] === published) return "unchanged";
        await tx.product.update({ where: { id }, data: { [flag]: published } });
        await bumpDataVersion(tx, "catalogue");
        await recordAudit(tx, actor, {
          action: published ? "product.publish" : "product.unpublish",
          subjectType: "product",
          subjectId: id,
          subjectLabel: product.title,
          before: { [flag]: product[flag] },
          after: { [flag]: published },
        });
        return "saved";
      });
    },

    /** The title of a product and one of its pictures, for the question asked before removing it. */
    async imageOf(
      productId: string,
      imageId: string,
    ): Promise<{ title: string; alt: string; variantSku: string | null } | null> {
      const image = await db.productImage.findFirst({
        where: { id: imageId, productId },
        include: { product: { select: { title: true } }, variant: { select: { sku: true } } },
      });
      return image ? { title: image.product.title, alt: image.alt, variantSku: image.variant?.sku ?? null } : null;
    },

    /**
     * Removes one of a product's pictures (a shared one, or a variant's own): one
     * "product.image-remove" entry; the rest keep their order. A library asset stays in the library.
     */
    async removeImage(actor: AuditActor, productId: string, imageId: string): Promise<"saved" | null> {
      return db.$transaction(async (tx) => {
        const image = await tx.productImage.findFirst({
          where: { id: imageId, productId },
          include: { product: { select: { title: true } }, variant: { select: { sku: true } } },
        });
        if (!image) return null;
        await tx.productImage.delete({ where: { id: imageId } });
        await bumpDataVersion(tx, "catalogue");
        await recordAudit(tx, actor, {
          action: "product.image-remove",
          subjectType: "product",
          subjectId: productId,
          subjectLabel: image.product.title,
          before: { url: image.url, alt: image.alt, variant: image.variant?.sku ?? null },
          after: null,
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
