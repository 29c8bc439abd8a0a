-- AlterTable
ALTER TABLE "PaymentToken" ADD COLUMN "declineCode" TEXT;

-- CreateTable
CREATE TABLE "AutoshipEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "subscriptionId" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AutoshipEvent_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "Subscription" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AutoshipEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Checkout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cartId" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "customerId" TEXT,
    "email" TEXT,
    "acceptsMarketing" BOOLEAN NOT NULL DEFAULT false,
    "shippingAddress" TEXT,
    "deliveryConfirmed" BOOLEAN NOT NULL DEFAULT false,
    "paymentTokenId" TEXT,
    "paymentSummary" TEXT,
    "attestation" BOOLEAN NOT NULL DEFAULT false,
    "orderId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "completedAt" DATETIME
);

-- AlterTable (new columns are nullable or defaulted, so no table rebuild)
ALTER TABLE "Order" ADD COLUMN "requestHash" TEXT;
ALTER TABLE "Order" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'checkout';
ALTER TABLE "Order" ADD COLUMN "discountCodes" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Order" ADD COLUMN "paymentId" TEXT;
ALTER TABLE "Order" ADD COLUMN "paymentTokenId" TEXT;
ALTER TABLE "Order" ADD COLUMN "paymentSummary" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "site" TEXT NOT NULL DEFAULT 'DTC';
ALTER TABLE "Subscription" ADD COLUMN "paymentTokenId" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "shippingAddress" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "Subscription" ADD COLUMN "cancelledAt" DATETIME;

-- CreateIndex
CREATE UNIQUE INDEX "AutoshipEvent_subscriptionId_dueDate_kind_key" ON "AutoshipEvent"("subscriptionId", "dueDate", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_cartId_key" ON "Checkout"("cartId");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_orderId_key" ON "Checkout"("orderId");
