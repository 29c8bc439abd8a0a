-- AlterTable (columns added in place: the table keeps its rows and its foreign keys)
ALTER TABLE "Product" ADD COLUMN "seoTitle" TEXT;
ALTER TABLE "Product" ADD COLUMN "seoDescription" TEXT;
