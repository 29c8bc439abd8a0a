-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "nutrition" TEXT;
