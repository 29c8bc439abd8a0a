-- AlterTable (column added in place: the table keeps its rows and its foreign keys)
ALTER TABLE "Product" ADD COLUMN "nutrition" TEXT;
