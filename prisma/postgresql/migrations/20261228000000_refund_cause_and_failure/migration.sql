-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "cause" TEXT NOT NULL DEFAULT 'cancellation',
ADD COLUMN     "failedAt" TIMESTAMP(3),
ADD COLUMN     "failure" TEXT;

-- Refunds written before the cause was kept take it from their key, as the refund email read it.
UPDATE "Refund" SET "cause" = CASE
  WHEN "returnId" IS NOT NULL OR "key" LIKE 'return:%' THEN 'return'
  WHEN "key" LIKE 'operator:%' THEN 'shop'
  ELSE 'cancellation'
END;
