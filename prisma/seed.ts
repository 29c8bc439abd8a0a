// `npm run seed [-- --products N] [-- --no-images]`: seeds the database named by DATABASE_URL.
import { parseArgs } from "node:util";
import { createPrismaClient } from "~/db.server";
import { seedDatabase } from "./seed/index";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "0" },
    "no-images": { type: "boolean", default: false },
  },
});

const syntheticProducts = Number(values.products);
if (!Number.isInteger(syntheticProducts) || syntheticProducts < 0 || syntheticProducts > 100_000) {
  console.error(`--products must be a whole number from 0 to 100000 (got "${values.products}")`);
  process.exit(2);
}

const db = createPrismaClient(process.env.DATABASE_URL ?? "file:./data/shop.db");
const started = Date.now();
try {
  const summary = await seedDatabase(db, { images: !values["no-images"], syntheticProducts });
  console.log(
    `Seeded ${summary.products} products, ${summary.variants} variants` +
      (summary.syntheticProducts ? ` and ${summary.syntheticProducts} synthetic products` : "") +
      `, ${summary.content.entries} content entries, ${summary.content.assets} assets and ${summary.content.redirects} redirects` +
      `, ${summary.donations.charities} charities` +
      `, ${summary.reviews.reviews} reviews (${summary.reviews.pending} pending)` +
      ` in ${Date.now() - started} ms.`,
  );
} finally {
  await db.$disconnect();
}
