-- The migrations build exactly the schema (scripts/migration-drift.mjs): 20261122100000 added
-- ProductVariant.updatedAt with a fixed default, since SQLite cannot add a NOT NULL column
-- without one; the schema has none (Prisma sets updatedAt on every write). SQLite cannot drop a
-- column's default, so the table is rebuilt as Prisma rebuilds one, its rows and indexes kept.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductVariant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "size" TEXT NOT NULL,
    "flavor" TEXT NOT NULL,
    "productForm" TEXT NOT NULL,
    "packType" TEXT NOT NULL,
    "weightValue" REAL NOT NULL,
    "weightUnit" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "compareAtPriceCents" INTEGER,
    "inventory" INTEGER NOT NULL DEFAULT 0,
    "badgeTags" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductVariant" ("badgeTags", "compareAtPriceCents", "flavor", "id", "inventory", "packType", "position", "priceCents", "productForm", "productId", "size", "sku", "title", "updatedAt", "url", "weightUnit", "weightValue") SELECT "badgeTags", "compareAtPriceCents", "flavor", "id", "inventory", "packType", "position", "priceCents", "productForm", "productId", "size", "sku", "title", "updatedAt", "url", "weightUnit", "weightValue" FROM "ProductVariant";
DROP TABLE "ProductVariant";
ALTER TABLE "new_ProductVariant" RENAME TO "ProductVariant";
CREATE UNIQUE INDEX "ProductVariant_sku_key" ON "ProductVariant"("sku");
CREATE UNIQUE INDEX "ProductVariant_url_key" ON "ProductVariant"("url");
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");
CREATE INDEX "ProductVariant_priceCents_idx" ON "ProductVariant"("priceCents");
CREATE INDEX "ProductVariant_updatedAt_idx" ON "ProductVariant"("updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

