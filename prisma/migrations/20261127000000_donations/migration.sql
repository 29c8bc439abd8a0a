-- CreateTable
CREATE TABLE "DonationStore" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "activeCampaigns" TEXT NOT NULL DEFAULT '[]',
    "causeMultipliers" TEXT NOT NULL DEFAULT '{}',
    "defaultCauseId" TEXT,
    "defaultCauseIds" TEXT NOT NULL DEFAULT '[]',
    "featuredCauseIds" TEXT NOT NULL DEFAULT '[]',
    "defaultDonation" REAL NOT NULL DEFAULT 0,
    "defaultDonationType" INTEGER NOT NULL DEFAULT 0,
    "letShoppersChoose" BOOLEAN NOT NULL DEFAULT false,
    "searchEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "customCSS" TEXT NOT NULL DEFAULT '',
    "targetCssSelector" TEXT NOT NULL DEFAULT '',
    "isEmbeddedConfirmation" BOOLEAN NOT NULL DEFAULT false,
    "primaryCurrency" TEXT NOT NULL DEFAULT 'USD'
);

-- CreateTable
CREATE TABLE "DonationSegment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "name" TEXT NOT NULL,
    "excludeSegment" BOOLEAN NOT NULL DEFAULT false,
    "frontEndPropertyName" TEXT NOT NULL,
    "frontEndSource" TEXT NOT NULL,
    "priorityIndex" INTEGER NOT NULL DEFAULT 0,
    "valueCategory" TEXT NOT NULL,
    "specifiedValues" TEXT NOT NULL DEFAULT '[]',
    "donationAction" TEXT,
    CONSTRAINT "DonationSegment_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "DonationStore" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Charity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ein" TEXT,
    "name" TEXT NOT NULL,
    "website" TEXT,
    "logoUrl" TEXT,
    "address1" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "categoryId" INTEGER NOT NULL,
    "portfolioCharityIds" TEXT NOT NULL DEFAULT '[]'
);

-- CreateTable
CREATE TABLE "DonationTracking" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "causeId" TEXT,
    "causeName" TEXT,
    "isTestMode" BOOLEAN NOT NULL DEFAULT false,
    "integrationInfo" TEXT,
    "confirmationData" TEXT,
    "confirmedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DonationEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "trackingId" TEXT,
    "event" TEXT NOT NULL,
    "properties" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable (columns added in place: redefining "Order" would cascade-delete its lines)
ALTER TABLE "Order" ADD COLUMN "donationTrackingId" TEXT;
ALTER TABLE "Order" ADD COLUMN "donationCauseId" TEXT;
ALTER TABLE "Order" ADD COLUMN "donationCauseName" TEXT;
ALTER TABLE "Order" ADD COLUMN "donationCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "shopperDonationKind" TEXT;
ALTER TABLE "Order" ADD COLUMN "shopperDonationCents" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "DonationSegment_storeId_priorityIndex_idx" ON "DonationSegment"("storeId", "priorityIndex");

-- CreateIndex
CREATE UNIQUE INDEX "Charity_ein_key" ON "Charity"("ein");

-- CreateIndex
CREATE INDEX "Charity_categoryId_state_idx" ON "Charity"("categoryId", "state");

-- CreateIndex
CREATE INDEX "DonationTracking_createdAt_idx" ON "DonationTracking"("createdAt");

-- CreateIndex
CREATE INDEX "DonationEvent_trackingId_idx" ON "DonationEvent"("trackingId");
