-- Staff-feeding program (issue 7): the clinic's program and account group, the
-- member's FTC acknowledgement, and the program discount and quota on orders.
-- Every new column is nullable or defaulted, so plain ADD COLUMN keeps the data.

-- AlterTable
ALTER TABLE "IdentityUser" ADD COLUMN "ftcAcknowledgedAt" DATETIME;

-- AlterTable
ALTER TABLE "Clinic" ADD COLUMN "program" TEXT NOT NULL DEFAULT 'HPSF';
ALTER TABLE "Clinic" ADD COLUMN "accountGroup" TEXT NOT NULL DEFAULT 'ZPRO';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "programDiscountCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "quotaMonth" TEXT;
ALTER TABLE "Order" ADD COLUMN "quotaCents" INTEGER NOT NULL DEFAULT 0;
