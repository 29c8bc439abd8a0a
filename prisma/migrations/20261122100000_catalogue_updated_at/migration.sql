-- Change tracking for the in-process catalogue index: the index compares the
-- newest updatedAt of products and variants to decide whether to refresh.
-- SQLite cannot add a column with a non-constant default, so existing rows get
-- a fixed past instant; Prisma sets updatedAt on every later write.
ALTER TABLE "ProductVariant" ADD COLUMN "updatedAt" DATETIME NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';

CREATE INDEX "ProductVariant_updatedAt_idx" ON "ProductVariant"("updatedAt");
CREATE INDEX "Product_updatedAt_idx" ON "Product"("updatedAt");
