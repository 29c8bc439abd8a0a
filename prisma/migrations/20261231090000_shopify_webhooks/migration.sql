-- CreateTable
CREATE TABLE "ShopifyWebhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "triggeredAt" DATETIME,
    "subjectId" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "ShopifyWebhook_webhookId_key" ON "ShopifyWebhook"("webhookId");

-- CreateIndex
CREATE INDEX "ShopifyWebhook_receivedAt_idx" ON "ShopifyWebhook"("receivedAt");
