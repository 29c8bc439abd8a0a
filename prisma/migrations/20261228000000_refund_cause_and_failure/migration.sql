-- AlterTable (columns added in place: the table keeps its rows and its foreign keys)
ALTER TABLE "Refund" ADD COLUMN "cause" TEXT NOT NULL DEFAULT 'cancellation';
ALTER TABLE "Refund" ADD COLUMN "failure" TEXT;
ALTER TABLE "Refund" ADD COLUMN "failedAt" DATETIME;

-- Refunds written before the cause was kept take it from their key, as the refund email read it.
UPDATE "Refund" SET "cause" = CASE
  WHEN "returnId" IS NOT NULL OR "key" LIKE 'return:%' THEN 'return'
  WHEN "key" LIKE 'operator:%' THEN 'shop'
  ELSE 'cancellation'
END;
