// Every process's Shopify catalogue follows the product webhooks any process received (docs/rules.md
// "Processes"): the ShopifyWebhook rows are the change log. The catalogue's freshness figures are
// the rows' count and newest arrival plus this process's snapshot version; when they move, the
// products named since the last look are read again before the public data version changes, so
// the page cache never serves a page built from a product older than its key says.
import type { PrismaClient } from "~/generated/prisma/client";
import type { Freshness } from "~/services/freshness/index.server";
import type { ShopifyCatalogue } from "./catalogue.server";

const PRODUCT_TOPICS = { startsWith: "products/" };

export function followShopifyWebhooks(freshness: Freshness, db: PrismaClient, catalogue: ShopifyCatalogue): void {
  let seenAt: Date | null = null;

  const newest = async () => {
    const figures = await db.shopifyWebhook.aggregate({
      where: { topic: PRODUCT_TOPICS },
      _count: { _all: true },
      _max: { receivedAt: true },
    });
    return { count: figures._count._all, at: figures._max.receivedAt };
  };

  freshness.register("catalogue", async () => {
    const { count, at } = await newest();
    return `${count}|${at?.getTime() ?? 0}|${catalogue.version()}`;
  });

  freshness.onChange(async (changed) => {
    if (!changed.includes("catalogue")) return;
    if (seenAt === null) {
      // The first look: the snapshot is read whole on first use, so earlier rows are in it.
      seenAt = (await newest()).at ?? new Date(0);
      return;
    }
    // At or after the newest row seen: a second row in the same millisecond is not missed
    // (a product read again is only read again).
    const rows = await db.shopifyWebhook.findMany({
      where: { topic: PRODUCT_TOPICS, receivedAt: { gte: seenAt } },
      select: { topic: true, subjectId: true, receivedAt: true },
      orderBy: { receivedAt: "asc" },
    });
    const latest = new Map<string, boolean>();
    for (const row of rows) if (row.subjectId) latest.set(row.subjectId, row.topic === "products/delete");
    await catalogue.productsChanged([...latest].map(([productId, deleted]) => ({ productId, deleted })));
    if (rows.length) seenAt = rows[rows.length - 1].receivedAt;
  });
}
