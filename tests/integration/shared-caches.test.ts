// Caches that agree across processes (docs/rules.md "Processes"): two shop processes on one
// database, each with its own Prisma client, freshness poller, catalogue snapshot and content
// cache, wired as the services' index files wire them. A change made through one is served
// by the other within a few seconds, and the other's public data version moves only once its
// caches hold the change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { createCatalogue } from "~/services/commerce/catalogue.server";
import { catalogueSnapshot, followCatalogueVersion } from "~/services/commerce/catalogue-snapshot.server";
import { createContentService, followContentVersion } from "~/services/content/content.server";
import { createEmbeddedContent } from "~/services/content/embedded.server";
import { bumpDataVersion, createFreshness, type Freshness } from "~/services/freshness/index.server";
import { seedDatabase } from "../../prisma/seed/index";
import { createTestDatabase } from "../helpers/db";

const { db: dbA, url } = await createTestDatabase();
const dbB: PrismaClient = createPrismaClient(url);

/** One shop process's caches over its own client. */
function shopProcess(db: PrismaClient) {
  const freshness = createFreshness({ intervalMs: 200 });
  const catalogue = createCatalogue(() => catalogueSnapshot(db));
  // A long TTL: only the shared version can make this cache drop an answer in time.
  const content = createContentService(createEmbeddedContent(db), { ttlMs: 10 * 60_000 });
  followCatalogueVersion(freshness, db);
  followContentVersion(freshness, db, [content]);
  return { freshness, catalogue, content };
}

let a: ReturnType<typeof shopProcess>;
let b: ReturnType<typeof shopProcess>;

beforeAll(async () => {
  await seedDatabase(dbA, { images: false, syntheticProducts: 0 });
  a = shopProcess(dbA);
  b = shopProcess(dbB);
}, 120_000);

afterAll(async () => {
  a.freshness.stop();
  b.freshness.stop();
  await Promise.all([dbA.$disconnect(), dbB.$disconnect()]);
});

/** Waits (at most `ms`) for `freshness.version()` to leave `from`; returns how long it took. */
async function versionMoves(freshness: Freshness, from: string, ms = 5000): Promise<number> {
  const started = Date.now();
  while (freshness.version() === from) {
    if (Date.now() - started > ms) throw new Error(`the version stayed ${from} for ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe("caches that agree across processes (docs/rules.md 'Processes')", () => {
  it("a price changed through one process is on the other's product page within a few seconds", async () => {
    // Both processes have loaded the catalogue and seen its version.
    const product = await b.catalogue.getProduct("DTC", "adult-dry-dog-food");
    await a.catalogue.getProduct("DTC", "adult-dry-dog-food");
    await Promise.all([a.freshness.check(), b.freshness.check()]);
    const before = b.freshness.version();
    const variant = product!.variants[0];
    const price = (variant.priceCents ?? 0) + 123;

    await dbA.productVariant.update({ where: { id: variant.id }, data: { priceCents: price } });

    expect(await versionMoves(b.freshness, before)).toBeLessThan(5000);
    // The version moved after the snapshot reloaded: what it names is what is served.
    const after = await b.catalogue.getProduct("DTC", "adult-dry-dog-food");
    expect(after!.variants[0].priceCents).toBe(price);
  });

  it("a content change written through one process is served by the other within a few seconds, despite its TTL", async () => {
    const before = (await b.content.getGlobals("DTC")).siteTitle;
    await b.freshness.check();
    const version = b.freshness.version();
    const row = await dbA.contentEntry.findFirstOrThrow({ where: { type: "globals", site: { in: ["DTC", "ALL"] } } });
    const title = `Changed ${Date.now()}`;
    // A content write bumps the content version in its own transaction.
    await dbA.$transaction([
      dbA.contentEntry.update({
        where: { id: row.id },
        data: { data: JSON.stringify({ ...JSON.parse(row.data), site_title: title }) },
      }),
      bumpDataVersion(dbA, "content"),
    ]);
    // Until the poll, the other process still serves its cached answer.
    expect((await b.content.getGlobals("DTC")).siteTitle).toBe(before);

    expect(await versionMoves(b.freshness, version)).toBeLessThan(5000);
    expect((await b.content.getGlobals("DTC")).siteTitle).toBe(title);
    // The writer's own process follows the same way.
    await a.freshness.check();
    expect((await a.content.getGlobals("DTC")).siteTitle).toBe(title);
  });

  it("the version stays put while nothing changes (no purge without a change)", async () => {
    await b.freshness.check();
    const version = b.freshness.version();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await b.freshness.check();
    expect(b.freshness.version()).toBe(version);
  });
});
