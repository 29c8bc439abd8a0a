// Database look-ups for `npm run bench` (scripts/bench.mjs), through the shop's own Prisma
// client so they work on whichever database DATABASE_URL names (SQLite or PostgreSQL).
// Run with tsx (it resolves the app's TypeScript and its "~/" paths):
//   npx tsx scripts/bench-db.mjs info           -> JSON { productPath, variantIds }
//   npx tsx scripts/bench-db.mjs stock <id> <n> -> sets that variant's inventory to n
import { createPrismaClient } from "../app/db.server.ts";

const db = createPrismaClient(process.env.DATABASE_URL ?? "");
const [command, ...args] = process.argv.slice(2);
try {
  if (command === "info") {
    // Real (not synthetic) consumer variants in stock: the product page and the carts use them.
    const variants = await db.productVariant.findMany({
      where: { inventory: { gt: 0 }, product: { synthetic: false, soldOnDtc: true } },
      orderBy: { sku: "asc" },
      take: 3,
      select: { id: true, url: true },
    });
    if (variants.length < 3) throw new Error("fewer than 3 seeded consumer variants in stock");
    console.log(JSON.stringify({ productPath: `/products/${variants[0].url}`, variantIds: variants.map((v) => v.id) }));
  } else if (command === "stock") {
    const [id, count] = args;
    await db.productVariant.update({ where: { id }, data: { inventory: Number(count) } });
  } else {
    throw new Error(`unknown command "${command}"`);
  }
} finally {
  await db.$disconnect();
}
