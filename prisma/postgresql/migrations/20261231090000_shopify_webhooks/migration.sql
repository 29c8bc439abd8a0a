-- CreateTable
CREATE TABLE "ShopifyWebhook" (
    "id" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "triggeredAt" TIMESTAMP(3),
    "subjectId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopifyWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShopifyWebhook_webhookId_key" ON "ShopifyWebhook"("webhookId");

-- CreateIndex
CREATE INDEX "ShopifyWebhook_receivedAt_idx" ON "ShopifyWebhook"("receivedAt");
