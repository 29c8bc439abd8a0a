-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "seoTitle" TEXT,
ADD COLUMN     "seoDescription" TEXT;
