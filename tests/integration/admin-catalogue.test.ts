// The back office's catalogue (docs/rules.md "Back office: catalogue"): every role on every
// loader and action, the audit entry of each save, the validation's boundaries, minPriceCents and
// the facet rows in step, and the change served by every process within one freshness poll.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import sharp from "sharp";
import { ASSET_DIR } from "~/services/content/index.server";
import { ADMIN_ROLES, rolesWith, type Permission } from "~/models/admin-roles";
import { productFacets } from "~/models/facets";
import { nutritionFormValues, parseNutrition } from "~/models/nutrition";
import { loader as listLoader } from "~/routes/admin.products._index";
import { action as productAction, loader as productLoader } from "~/routes/admin.products.$id";
import { freshness } from "~/services/freshness/index.server";
import { adminsOfEveryRole, auditOf, type TestAdmin } from "../helpers/admin";
import { callRoute, getRequest, honeypotFields, ORIGIN, type Jar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

// A product no other test file of this worker reads; restored after the file.
const HANDLE = "adult-oral-care-chicken-rice-barley-dry-cat-food";

let admins: Awaited<ReturnType<typeof adminsOfEveryRole>>;
let productId: string;
let variantIds: string[];
let original: Awaited<ReturnType<typeof snapshotRows>>;
let originalImages: Prisma.ProductImageCreateManyInput[];
/** A picture of the image library this file chooses (its row only: nothing serves it here). */
const LIBRARY_ID = `catalogue-test-${crypto.randomUUID().slice(0, 8)}`;

async function snapshotRows() {
  const product = await prisma.product.findUniqueOrThrow({
    where: { handle: HANDLE },
    include: { variants: { orderBy: { position: "asc" } }, facets: { orderBy: [{ group: "asc" }, { value: "asc" }] } },
  });
  const { updatedAt: _p, ...productFields } = product;
  return {
    ...productFields,
    variants: product.variants.map(({ updatedAt: _v, ...variant }) => variant),
  };
}

beforeAll(async () => {
  await ensureSeeded();
  admins = await adminsOfEveryRole("catalogue");
  original = await snapshotRows();
  productId = original.id;
  variantIds = original.variants.map((v) => v.id);
  originalImages = await prisma.productImage.findMany({ where: { productId } });
  await prisma.contentAsset.create({
    data: {
      id: LIBRARY_ID,
      format: "png",
      width: 800,
      height: 600,
      alt: "A bowl of kibble",
      description: "",
      file: `uploads/${LIBRARY_ID}.png`,
    },
  });
});

afterAll(async () => {
  await prisma.product.update({
    where: { id: productId },
    data: {
      title: original.title,
      description: original.description,
      soldOnDtc: original.soldOnDtc,
      soldOnHpsf: original.soldOnHpsf,
      autoshipEligible: original.autoshipEligible,
      featuredRank: original.featuredRank,
      minPriceCents: original.minPriceCents,
      nutrition: original.nutrition,
      seoTitle: null,
      seoDescription: null,
    },
  });
  await prisma.productImage.deleteMany({ where: { productId } });
  await prisma.productImage.createMany({ data: originalImages });
  const uploaded = (await prisma.contentAsset.findMany({ where: { id: { startsWith: `${HANDLE}-` } } })).map(
    (a) => a.id,
  );
  await prisma.contentAsset.deleteMany({ where: { id: { in: [LIBRARY_ID, ...uploaded] } } });
  for (const id of uploaded) await fs.rm(path.join(ASSET_DIR, "uploads", `${id}.png`), { force: true });
  for (const v of original.variants) {
    await prisma.productVariant.update({
      where: { id: v.id },
      data: {
        priceCents: v.priceCents,
        compareAtPriceCents: v.compareAtPriceCents,
        inventory: v.inventory,
        badgeTags: v.badgeTags,
      },
    });
  }
});

/** A form post as a browser without JavaScript sends it; repeated keys for checkboxes. */
function post(path: string, fields: [string, string][], jar: Jar) {
  const body = new URLSearchParams(Object.entries(honeypotFields()));
  for (const [key, value] of fields) body.append(key, value);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const productPath = () => `/admin/products/${productId}`;
const params = () => ({ id: productId });

const productFields = (overrides: Record<string, string | null> = {}): [string, string][] => {
  const fields: Record<string, string | null> = {
    intent: "product",
    title: original.title,
    description: original.description,
    autoshipEligible: original.autoshipEligible ? "on" : null,
    featuredRank: original.featuredRank === null ? "" : String(original.featuredRank),
    ...overrides,
  };
  return Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null);
};

const variantFields = (
  variantId: string,
  values: { price: string; compareAtPrice?: string; inventory: string; badges?: string[] },
): [string, string][] => [
  ["intent", "variant"],
  ["variantId", variantId],
  ["price", values.price],
  ["compareAtPrice", values.compareAtPrice ?? ""],
  ["inventory", values.inventory],
  ...(values.badges ?? []).map((badge): [string, string] => ["badges", badge]),
];

const expected = (permission: Permission, role: TestAdmin["role"], allowed: number) =>
  rolesWith(permission).includes(role) ? allowed : 403;

describe("every role on every loader and action", () => {
  it("lets catalogue.view read the list and a product, and refuses the others with 403", async () => {
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const list = await callRoute(listLoader, getRequest("/admin/products?q=oral", jar), jar);
      expect(list.status, `${role} list`).toBe(expected("catalogue.view", role, 200));
      const one = await callRoute(productLoader, getRequest(productPath(), jar), jar, { params: params() });
      expect(one.status, `${role} product`).toBe(expected("catalogue.view", role, 200));
      if (one.status === 200) {
        expect(one.headers.get("Cache-Control")).toBe("private, no-store");
        const data = await one.json();
        // The page shows only the actions the role may post (allowedIntents).
        expect(data.allowed).toEqual({
          product: rolesWith("catalogue.edit").includes(role),
          variant: rolesWith("catalogue.edit").includes(role),
          publish: rolesWith("catalogue.edit").includes(role),
          unpublish: rolesWith("catalogue.edit").includes(role),
          removeImage: rolesWith("catalogue.edit").includes(role),
        });
        if (!data.allowed.product) expect(data.library).toEqual([]);
      }
    }
  });

  it("lets catalogue.edit save a product and a variant; a refused role changes nothing", async () => {
    for (const role of ADMIN_ROLES) {
      const { jar } = admins[role];
      const before = await snapshotRows();
      const audits = await prisma.auditEntry.count();
      const productAnswer = await callRoute(
        productAction,
        post(productPath(), productFields({ description: `Edited by ${role}` }), jar),
        jar,
        { params: params() },
      );
      const variantAnswer = await callRoute(
        productAction,
        post(
          productPath(),
          variantFields(variantIds[0], { price: `30.${ADMIN_ROLES.indexOf(role)}0`, inventory: "40" }),
          jar,
        ),
        jar,
        { params: params() },
      );
      const allowed = rolesWith("catalogue.edit").includes(role);
      expect(productAnswer.status, `${role} product`).toBe(allowed ? 302 : 403);
      expect(variantAnswer.status, `${role} variant`).toBe(allowed ? 302 : 403);
      if (!allowed) {
        expect(await snapshotRows()).toEqual(before);
        expect(await prisma.auditEntry.count()).toBe(audits);
      } else {
        expect(productAnswer.headers.get("Location")).toBe(productPath());
        expect(productAnswer.headers.get("Cache-Control")).toBe("private, no-store");
        expect(await prisma.auditEntry.count()).toBe(audits + 2);
      }
    }
  });
});

describe("audit entries", () => {
  it("writes one product.update entry per product save with only the changed fields", async () => {
    const { jar, email } = admins.merchandiser;
    const current = await snapshotRows();
    const answer = await callRoute(
      productAction,
      post(
        productPath(),
        productFields({ title: `${original.title} (new)`, description: current.description, featuredRank: "7" }),
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(answer.status).toBe(302);
    const [entry] = await auditOf("product", productId);
    expect(entry).toMatchObject({
      actorEmail: email,
      actorRole: "merchandiser",
      action: "product.update",
      subjectLabel: `${original.title} (new)`,
    });
    expect(JSON.parse(entry.before!)).toEqual({ title: original.title, featuredRank: original.featuredRank });
    expect(JSON.parse(entry.after!)).toEqual({ title: `${original.title} (new)`, featuredRank: 7 });
    // Saving the same values again changes nothing and writes no entry.
    const count = (await auditOf("product", productId)).length;
    const again = await callRoute(
      productAction,
      post(
        productPath(),
        productFields({ title: `${original.title} (new)`, description: current.description, featuredRank: "7" }),
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(again.status).toBe(302);
    expect((await auditOf("product", productId)).length).toBe(count);
  });

  it("writes one variant.update entry per variant save; badges are stored as badge:: tags", async () => {
    const { jar, email } = admins.merchandiser;
    const variantId = variantIds[1];
    const before = await prisma.productVariant.findUniqueOrThrow({ where: { id: variantId } });
    const answer = await callRoute(
      productAction,
      post(
        productPath(),
        variantFields(variantId, {
          price: "19.99",
          compareAtPrice: "24.99",
          inventory: String(before.inventory),
          badges: ["deal", "brand-new"],
        }),
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(answer.status).toBe(302);
    const after = await prisma.productVariant.findUniqueOrThrow({ where: { id: variantId } });
    expect(after).toMatchObject({ priceCents: 1999, compareAtPriceCents: 2499, badgeTags: "badge::deal,badge::new" });
    const [entry] = await auditOf("variant", variantId);
    expect(entry).toMatchObject({ actorEmail: email, actorRole: "merchandiser", action: "variant.update" });
    expect(entry.subjectLabel).toContain(before.sku);
    expect(JSON.parse(entry.before!)).toEqual({
      priceCents: before.priceCents,
      compareAtPriceCents: before.compareAtPriceCents,
      badges: [],
    });
    expect(JSON.parse(entry.after!)).toEqual({
      priceCents: 1999,
      compareAtPriceCents: 2499,
      badges: ["deal", "brand-new"],
    });
  });
});

describe("validation at the boundaries", () => {
  const save = (fields: [string, string][]) =>
    callRoute(productAction, post(productPath(), fields, admins.merchandiser.jar), admins.merchandiser.jar, {
      params: params(),
    });

  it("refuses $0, a compare-at price equal to the price and negative units with field errors; nothing changes", async () => {
    const before = await snapshotRows();
    const audits = await prisma.auditEntry.count();
    for (const [values, field, message] of [
      [{ price: "0", inventory: "5" }, "price", "The price must be at least $0.01."],
      [{ price: "12.00", compareAtPrice: "12.00", inventory: "5" }, "compareAtPrice", "more than the price"],
      [{ price: "12.00", inventory: "-1" }, "inventory", "Units in stock cannot be negative."],
      [{ price: "10000.01", inventory: "5" }, "price", "at most $10,000.00"],
      [{ price: "12.00", inventory: "1000001" }, "inventory", "at most 1,000,000"],
    ] as const) {
      const answer = await save(variantFields(variantIds[0], values));
      expect(answer.status).toBe(400);
      const reply = await answer.json();
      expect(reply.form).toBe("variant");
      expect(reply.initialValue.variantId).toBe(variantIds[0]);
      expect(reply.error[field].join(" ")).toContain(message);
    }
    expect(await snapshotRows()).toEqual(before);
    expect(await prisma.auditEntry.count()).toBe(audits);
  });

  it("takes $0.01 and $10,000.00 and 0 units", async () => {
    expect((await save(variantFields(variantIds[0], { price: "0.01", inventory: "0" }))).status).toBe(302);
    expect((await save(variantFields(variantIds[0], { price: "10000.00", inventory: "0" }))).status).toBe(302);
    const variant = await prisma.productVariant.findUniqueOrThrow({ where: { id: variantIds[0] } });
    expect(variant).toMatchObject({ priceCents: 1_000_000, inventory: 0 });
  });

  it("answers 400 to junk, 404 to an unknown product or another product's variant", async () => {
    expect((await save([["intent", "nonsense"]])).status).toBe(400);
    expect((await save(productFields({ title: "" }))).status).toBe(400);
    const other = await prisma.productVariant.findFirstOrThrow({ where: { productId: { not: productId } } });
    expect((await save(variantFields(other.id, { price: "5.00", inventory: "1" }))).status).toBe(404);
    const { jar } = admins.merchandiser;
    const missing = await callRoute(productLoader, getRequest("/admin/products/nope", jar), jar, {
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
    const json = await callRoute(
      productAction,
      new Request(`${ORIGIN}${productPath()}`, {
        method: "POST",
        body: "{}",
        headers: { Cookie: jar.header, "Content-Type": "application/json" },
      }),
      jar,
      { params: params() },
    );
    expect(json.status).toBe(415);
  });
});

describe("minPriceCents and facets in step", () => {
  it("keeps minPriceCents the lowest variant price and the facet rows those of productFacets", async () => {
    const { jar } = admins.merchandiser;
    for (const [i, id] of variantIds.entries()) {
      const answer = await callRoute(
        productAction,
        post(productPath(), variantFields(id, { price: `${40 + i}.00`, inventory: "20" }), jar),
        jar,
        { params: params() },
      );
      expect(answer.status).toBe(302);
    }
    expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).minPriceCents).toBe(4000);
    await callRoute(
      productAction,
      post(productPath(), variantFields(variantIds[variantIds.length - 1], { price: "3.50", inventory: "20" }), jar),
      jar,
      { params: params() },
    );
    const product = await prisma.product.findUniqueOrThrow({
      where: { id: productId },
      include: { variants: true, facets: true },
    });
    expect(product.minPriceCents).toBe(350);
    const key = (f: { group: string; value: string }) => `${f.group}=${f.value}`;
    expect(product.facets.map(key).sort()).toEqual(productFacets(product).map(key).sort());
  });

  it("rewrites facet rows that no longer match within the save's transaction", async () => {
    await prisma.productFacet.deleteMany({ where: { productId, group: "brand" } });
    const { jar } = admins.merchandiser;
    const answer = await callRoute(
      productAction,
      post(productPath(), productFields({ title: original.title, description: "Facets again" }), jar),
      jar,
      { params: params() },
    );
    expect(answer.status).toBe(302);
    const product = await prisma.product.findUniqueOrThrow({
      where: { id: productId },
      include: { variants: true, facets: true },
    });
    expect(product.facets.some((f) => f.group === "brand")).toBe(true);
    expect(product.facets.length).toBe(productFacets(product).length);
  });
});

describe("every process serves the edit within one freshness poll (docs/rules.md 'Processes')", () => {
  // One poll that starts after the write (`check()` joins a background poll already under way,
  // which may have read the figures before it).
  const poll = async () => {
    await freshness.check();
    await freshness.check();
  };
  const shop = async (path: string) => {
    const { loader } = await import("~/routes/products.$");
    const url = new URL(`http://localhost:3000${path}`);
    try {
      return (await loader({
        request: new Request(url),
        params: { "*": url.pathname.replace(/^\/products\/?/, "") },
        context: {},
      } as never)) as unknown as { data: Record<string, unknown> } | Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("shows a new price and badge on the product page, and an unpublished product leaves the listing and answers 404", async () => {
    const { jar } = admins.merchandiser;
    const variant = await prisma.productVariant.findUniqueOrThrow({ where: { id: variantIds[0] } });
    const path = `/products/${variant.url}`;
    // The process has loaded its snapshot and seen the current figures.
    const first = await shop(path);
    expect(first).not.toBeInstanceOf(Response);
    await poll();
    const listingBefore = (await ((await shop("/products/cat")) as Response).json()) as { total: number };

    const saved = await callRoute(
      productAction,
      post(productPath(), variantFields(variant.id, { price: "27.77", inventory: "30", badges: ["best-seller"] }), jar),
      jar,
      { params: params() },
    );
    expect(saved.status).toBe(302);
    await poll();
    const page = (await shop(path)) as {
      data: { variant: { id: string; priceCents: number; badgeTags: string[] } };
    };
    expect(page.data.variant.id).toBe(variant.id);
    expect(page.data.variant.priceCents).toBe(2777);
    expect(page.data.variant.badgeTags).toContain("badge::best-seller");

    const unpublished = await callRoute(
      productAction,
      post(
        productPath(),
        [
          ["intent", "unpublish"],
          ["site", "DTC"],
          ["confirmed", "yes"],
        ],
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(unpublished.status).toBe(302);
    await poll();
    const gone = await shop(path);
    expect(gone).toBeInstanceOf(Response);
    expect((gone as Response).status).toBe(404);
    const listingAfter = (await ((await shop("/products/cat")) as Response).json()) as {
      total: number;
      products: { title: string }[];
    };
    expect(listingAfter.total).toBe(listingBefore.total - 1);
    expect(listingAfter.products.map((p) => p.title)).not.toContain(original.title);

    // Published again: back on the site.
    await callRoute(
      productAction,
      post(
        productPath(),
        [
          ["intent", "publish"],
          ["site", "DTC"],
        ],
        jar,
      ),
      jar,
      { params: params() },
    );
    await poll();
    expect(await shop(path)).not.toBeInstanceOf(Response);
  });

  it("notices an edit whose rows did not move the newest updatedAt (a host whose clock is behind, a late commit)", async () => {
    const { catalogueSnapshot } = await import("~/services/commerce/index.server");
    const { bumpDataVersion } = await import("~/services/freshness/index.server");
    await catalogueSnapshot(prisma);
    await poll();
    const old = new Date(Date.now() - 365 * 86_400_000);
    const sku = (id: string) => original.variants.find((v) => v.id === id)!.sku;
    const priceIn = async (id: string) =>
      (await catalogueSnapshot(prisma)).bySku.get(sku(id))!.product.detail.variants.find((v) => v.id === id)!
        .priceCents;
    // Not the newest row: the newest change stays where it was.
    await prisma.$transaction(async (tx) => {
      await tx.productVariant.update({ where: { id: variantIds[1] }, data: { priceCents: 1234, updatedAt: old } });
      await bumpDataVersion(tx, "catalogue");
    });
    await poll();
    expect(await priceIn(variantIds[1])).toBe(1234);
    // The newest row restamped older: the newest change goes back.
    await prisma.$transaction(async (tx) => {
      await tx.productVariant.update({ where: { id: variantIds[0] }, data: { priceCents: 4321, updatedAt: old } });
      await bumpDataVersion(tx, "catalogue");
    });
    await poll();
    expect(await priceIn(variantIds[0])).toBe(4321);
    // Stamped before the newest change another product's write made, and seen in the same poll
    // (a transaction that stamped its rows, then waited to commit): the edit is not missed.
    const other = await prisma.productVariant.findFirstOrThrow({ where: { productId: { not: original.id } } });
    await prisma.$transaction(async (tx) => {
      await tx.productVariant.update({ where: { id: variantIds[1] }, data: { priceCents: 2345, updatedAt: old } });
      await bumpDataVersion(tx, "catalogue");
    });
    await prisma.productVariant.update({ where: { id: other.id }, data: { updatedAt: new Date() } });
    await poll();
    expect(await priceIn(variantIds[1])).toBe(2345);
  });
});

describe("nutrition facts (docs/rules.md 'Nutrition facts')", () => {
  const poll = async () => {
    await freshness.check();
    await freshness.check();
  };
  const productPage = async (path: string) => {
    const { loader } = await import("~/routes/products.$");
    const url = new URL(`http://localhost:3000${path}`);
    return (await loader({
      request: new Request(url),
      params: { "*": url.pathname.replace(/^\/products\/?/, "") },
      context: {},
    } as never)) as unknown as { data: { product: Record<string, unknown>; productJsonLd: Record<string, unknown> } };
  };
  const nutritionFields = (overrides: Record<string, string> = {}): [string, string][] =>
    Object.entries({ ...nutritionFormValues(parseNutrition(original.nutrition)), ...overrides }).map(
      ([key, value]): [string, string] => [`nutrition.${key}`, value],
    );
  const save = (fields: [string, string][]) =>
    callRoute(productAction, post(productPath(), fields, admins.merchandiser.jar), admins.merchandiser.jar, {
      params: params(),
    });

  it("the product page's loader carries the seeded label facts and their JSON-LD; listing cards do not", async () => {
    const seeded = parseNutrition(original.nutrition);
    expect(seeded?.ingredients.length).toBeGreaterThan(5);
    const variant = original.variants[0];
    await poll();
    const page = await productPage(`/products/${variant.url}`);
    expect(page.data.product.nutrition).toEqual(seeded);
    expect(page.data.productJsonLd.additionalProperty).toContainEqual({
      "@type": "PropertyValue",
      name: "Calorie content",
      value: seeded?.calories.kcalPerKg,
      unitText: "kcal/kg",
    });
    const listing = (await productPage("/products/cat")) as unknown as Response;
    const text = await listing.text();
    expect(text).toContain('"products"');
    expect(text).not.toContain('"ingredients"');
    expect(text).not.toContain('"adequacy"');
  });

  it("refuses a percentage over 100, kcal of 0 and a half feeding row with field errors; nothing changes", async () => {
    const before = await snapshotRows();
    const audits = await prisma.auditEntry.count();
    for (const [overrides, field] of [
      [{ "analysis.0.value": "100.5" }, "analysis.0.value"],
      [{ kcalPerKg: "0" }, "kcalPerKg"],
      [{ kcalPerUnit: "-3" }, "kcalPerUnit"],
      [{ "feeding.0.amount": "" }, "feeding.0.amount"],
      [{ adequacy: "" }, "adequacy"],
    ] as const) {
      const answer = await save([...productFields(), ...nutritionFields(overrides)]);
      expect(answer.status, field).toBe(400);
      const reply = await answer.json();
      expect(reply.form).toBe("product");
      expect(Object.keys(reply.error), field).toEqual([`nutrition.${field}`]);
    }
    expect(await snapshotRows()).toEqual(before);
    expect(await prisma.auditEntry.count()).toBe(audits);
  });

  it("saves edited facts with the product's one save, audited, and the page shows them within one poll", async () => {
    const { jar } = admins.merchandiser;
    const editor = await callRoute(productLoader, getRequest(productPath(), jar), jar, { params: params() });
    const values = (await editor.json()).nutrition as Record<string, string>;
    expect(values.ingredients.split("\n").length).toBeGreaterThan(5);
    const { description } = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
    const answer = await save([
      ...productFields({ description }),
      ...Object.entries({ ...values, kcalPerKg: "4012", "analysis.0.value": "100", "feeding.9.weightLb": "" }).map(
        ([key, value]): [string, string] => [`nutrition.${key}`, value],
      ),
    ]);
    expect(answer.status).toBe(302);
    const stored = parseNutrition((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).nutrition);
    expect(stored?.calories.kcalPerKg).toBe(4012);
    expect(stored?.analysis[0].value).toBe(100);
    const [entry] = await auditOf("product", productId);
    expect(entry.action).toBe("product.update");
    expect(Object.keys(JSON.parse(entry.after as string))).toEqual(["nutrition"]);
    await poll();
    const page = await productPage(`/products/${original.variants[0].url}`);
    expect((page.data.product.nutrition as { calories: { kcalPerKg: number } }).calories.kcalPerKg).toBe(4012);
    // A product form without the nutrition fields leaves them as they are.
    expect((await save(productFields({ description: `${original.description} ` }))).status).toBe(302);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).nutrition).toBe(
      JSON.stringify(stored),
    );
  });
});

describe("pictures and search titles (the product's one save)", () => {
  const poll = async () => {
    await freshness.check();
    await freshness.check();
  };
  const productPage = async (path: string) => {
    const { loader } = await import("~/routes/products.$");
    const url = new URL(`http://localhost:3000${path}`);
    return (await loader({
      request: new Request(url),
      params: { "*": url.pathname.replace(/^\/products\/?/, "") },
      context: {},
    } as never)) as unknown as { data: Record<string, unknown> };
  };
  /** The product's save as a browser sends it with a file: multipart. */
  function multipart(fields: [string, string | File][], jar: Jar) {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    return new Request(`${ORIGIN}${productPath()}`, { method: "POST", body, headers: { Cookie: jar.header } });
  }
  const shared = () =>
    prisma.productImage.findMany({ where: { productId, variantId: null }, orderBy: { position: "asc" } });

  it("round-trips a library picture, an upload into the library, their order and alt text, a variant's picture and the search title and description", async () => {
    const { jar, email } = admins.merchandiser;
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#36a" } })
      .png()
      .toBuffer();
    const answer = await callRoute(
      productAction,
      multipart(
        [
          ...productFields(),
          ["seoTitle", "Oral care cat food with chicken"],
          ["seoDescription", "Cleans teeth as your cat eats."],
          ["addImage", LIBRARY_ID],
          ["upload", new File([new Uint8Array(png)], "bag.png", { type: "image/png" })],
          ["uploadAlt", "The bag, front"],
          ["variants[0].id", variantIds[0]],
          ["variants[0].image", LIBRARY_ID],
        ],
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(answer.status).toBe(302);
    const [fromLibrary, uploaded] = await shared();
    expect(fromLibrary).toMatchObject({ url: `/cms/${LIBRARY_ID}`, alt: "A bowl of kibble", width: 800, height: 600 });
    expect(uploaded.url).toMatch(new RegExp(`^/cms/${HANDLE}-[a-z0-9]+$`));
    expect(uploaded).toMatchObject({ alt: "The bag, front", width: 30, height: 20 });
    const asset = await prisma.contentAsset.findUniqueOrThrow({ where: { id: uploaded.url.slice(5) } });
    expect(asset).toMatchObject({ format: "png", alt: "The bag, front" });
    const own = await prisma.productImage.findFirstOrThrow({ where: { variantId: variantIds[0] } });
    expect(own.url).toBe(`/cms/${LIBRARY_ID}`);
    const product = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
    expect(product).toMatchObject({
      seoTitle: "Oral care cat food with chicken",
      seoDescription: "Cleans teeth as your cat eats.",
    });
    // One product.update entry with what changed; the upload has its own asset.upload entry.
    const [entry] = await auditOf("product", productId);
    expect(entry).toMatchObject({ action: "product.update", actorEmail: email });
    expect(Object.keys(JSON.parse(entry.after!)).sort()).toEqual([
      "images",
      "seoDescription",
      "seoTitle",
      "variantImages",
    ]);
    expect((await auditOf("asset", asset.id))[0]).toMatchObject({ action: "asset.upload", actorEmail: email });

    // The order and alt text: the upload first now.
    const reorder = await callRoute(
      productAction,
      post(
        productPath(),
        [
          ...productFields(),
          ["seoTitle", "Oral care cat food with chicken"],
          ["seoDescription", "Cleans teeth as your cat eats."],
          ["images[0].id", fromLibrary.id],
          ["images[0].alt", "A full bowl"],
          ["images[0].position", "2"],
          ["images[1].id", uploaded.id],
          ["images[1].alt", "The bag, front"],
          ["images[1].position", "1"],
        ],
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(reorder.status).toBe(302);
    expect((await shared()).map((image) => [image.id, image.alt])).toEqual([
      [uploaded.id, "The bag, front"],
      [fromLibrary.id, "A full bowl"],
    ]);

    // The editor reads it all back; the shop's page uses the search title and the pictures.
    const editor = await callRoute(productLoader, getRequest(productPath(), jar), jar, { params: params() });
    const data = await editor.json();
    expect(data.product.seoTitle).toBe("Oral care cat food with chicken");
    expect(data.product.images.map((image: { id: string }) => image.id)).toEqual([uploaded.id, fromLibrary.id]);
    expect(data.product.variants[0].image.url).toBe(`/cms/${LIBRARY_ID}`);
    expect(data.library.map((a: { id: string }) => a.id)).toContain(LIBRARY_ID);
    await poll();
    const page = await productPage(`/products/${original.variants[0].url}`);
    const detail = page.data.product as { seoTitle: string; images: { url: string }[] };
    expect(detail.seoTitle).toBe("Oral care cat food with chicken");
    expect(detail.images.map((image) => image.url)).toContain(`/cms/${LIBRARY_ID}`);
  });

  it("the storefront product page's title and description are the search ones (the meta)", async () => {
    await poll();
    const { meta } = await import("~/routes/products.$");
    const page = await productPage(`/products/${original.variants[0].url}`);
    const tags = meta({
      data: page.data,
      matches: [{ id: "root", data: { site: "DTC", origin: ORIGIN } }],
      location: { pathname: `/products/${original.variants[0].url}` },
    } as never) as Record<string, string>[];
    expect(tags.find((tag) => "title" in tag)?.title).toMatch(/^Oral care cat food with chicken \| /);
    expect(tags.find((tag) => tag.name === "description")?.content).toBe("Cleans teeth as your cat eats.");
  });

  it("refuses an unknown library picture, a picture of another product and a search title one over, with 400 beside the field; nothing changes", async () => {
    const { jar } = admins.merchandiser;
    const before = await snapshotRows();
    const images = await shared();
    const audits = await prisma.auditEntry.count();
    const other = await prisma.productImage.findFirstOrThrow({ where: { productId: { not: productId } } });
    for (const [fields, field] of [
      [[["addImage", "no-such-picture"]], "addImage"],
      [
        [
          ["variants[0].id", variantIds[0]],
          ["variants[0].image", "no-such-picture"],
        ],
        "variants[0].image",
      ],
      [[["addImage", "https://evil.example/x.png"]], "addImage"],
      [
        [
          ["images[0].id", other.id],
          ["images[0].alt", "Not ours"],
          ["images[0].position", "1"],
        ],
        "images[0].id",
      ],
      [[["seoTitle", "t".repeat(71)]], "seoTitle"],
    ] as [[string, string][], string][]) {
      const answer = await callRoute(productAction, post(productPath(), [...productFields(), ...fields], jar), jar, {
        params: params(),
      });
      expect(answer.status, field).toBe(400);
      const reply = await answer.json();
      expect(Object.keys(reply.error), field).toEqual([field]);
    }
    expect(await snapshotRows()).toEqual(before);
    expect(await shared()).toEqual(images);
    expect(await prisma.auditEntry.count()).toBe(audits);
  });

  it("lets a merchandiser save pictures and search titles; a content editor or fulfilment gets 403 and nothing changes", async () => {
    for (const role of ["content", "fulfilment", "merchandiser"] as const) {
      const { jar } = admins[role];
      const before = await snapshotRows();
      const images = await shared();
      const answer = await callRoute(
        productAction,
        post(
          productPath(),
          [...productFields(), ["seoTitle", `Search title by ${role}`], ["addImage", LIBRARY_ID]],
          jar,
        ),
        jar,
        { params: params() },
      );
      if (role === "merchandiser") {
        expect(answer.status).toBe(302);
        expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).seoTitle).toBe(
          "Search title by merchandiser",
        );
        expect(await shared()).toHaveLength(images.length + 1);
      } else {
        expect(answer.status, role).toBe(403);
        expect(await snapshotRows()).toEqual(before);
        expect(await shared()).toEqual(images);
      }
    }
  });

  it("removing a picture asks first: without confirmed=yes nothing changes and the question names it; with it, it goes", async () => {
    const { jar } = admins.merchandiser;
    const [image] = await shared();
    const remove = (extra: [string, string][]) =>
      callRoute(
        productAction,
        post(productPath(), [["intent", "removeImage"], ["imageId", image.id], ...extra], jar),
        jar,
        { params: params() },
      );
    const asked = await remove([]);
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm).toMatchObject({
      question: `Remove the picture "${image.alt}" from ${original.title}? The shop stops showing it; a picture from the library stays there.`,
      label: "Remove the picture",
    });
    expect(await prisma.productImage.findUnique({ where: { id: image.id } })).not.toBeNull();
    const done = await remove([["confirmed", "yes"]]);
    expect(done.status).toBe(302);
    expect(await prisma.productImage.findUnique({ where: { id: image.id } })).toBeNull();
    expect((await auditOf("product", productId))[0]).toMatchObject({ action: "product.image-remove" });
    // The library keeps its picture.
    expect(await prisma.contentAsset.findUnique({ where: { id: image.url.slice(5) } })).not.toBeNull();
  });

  it("unpublishing asks first: without confirmed=yes the product stays published", async () => {
    const { jar } = admins.merchandiser;
    const asked = await callRoute(
      productAction,
      post(
        productPath(),
        [
          ["intent", "unpublish"],
          ["site", "DTC"],
        ],
        jar,
      ),
      jar,
      { params: params() },
    );
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm.question).toMatch(new RegExp(`^Unpublish .+ from the Consumer shop\\? `));
    expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).soldOnDtc).toBe(true);
  });
});
