-- Lowest variant price per product, for price sorting without a subquery per row.
ALTER TABLE "Product" ADD COLUMN "minPriceCents" INTEGER NOT NULL DEFAULT 0;

UPDATE "Product"
SET "minPriceCents" = COALESCE(
  (SELECT MIN("priceCents") FROM "ProductVariant" WHERE "ProductVariant"."productId" = "Product"."id"),
  0
);

CREATE INDEX "Product_minPriceCents_idx" ON "Product"("minPriceCents");
CREATE INDEX "Product_title_idx" ON "Product"("title");
