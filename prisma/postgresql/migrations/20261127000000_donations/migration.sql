-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "donationCauseId" TEXT,
ADD COLUMN     "donationCauseName" TEXT,
ADD COLUMN     "donationCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "donationTrackingId" TEXT,
ADD COLUMN     "shopperDonationCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shopperDonationKind" TEXT;

-- CreateTable
CREATE TABLE "DonationStore" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "activeCampaigns" TEXT NOT NULL DEFAULT '[]',
    "causeMultipliers" TEXT NOT NULL DEFAULT '{}',
    "defaultCauseId" TEXT,
    "defaultCauseIds" TEXT NOT NULL DEFAULT '[]',
    "featuredCauseIds" TEXT NOT NULL DEFAULT '[]',
    "defaultDonation" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "defaultDonationType" INTEGER NOT NULL DEFAULT 0,
    "letShoppersChoose" BOOLEAN NOT NULL DEFAULT false,
    "searchEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "customCSS" TEXT NOT NULL DEFAULT '',
    "targetCssSelector" TEXT NOT NULL DEFAULT '',
    "isEmbeddedConfirmation" BOOLEAN NOT NULL DEFAULT false,
    "primaryCurrency" TEXT NOT NULL DEFAULT 'USD',

    CONSTRAINT "DonationStore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DonationSegment" (
    "id" TEXT NOT NULL,
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

    CONSTRAINT "DonationSegment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Charity" (
    "id" TEXT NOT NULL,
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
    "portfolioCharityIds" TEXT NOT NULL DEFAULT '[]',

    CONSTRAINT "Charity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DonationTracking" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "causeId" TEXT,
    "causeName" TEXT,
    "isTestMode" BOOLEAN NOT NULL DEFAULT false,
    "integrationInfo" TEXT,
    "confirmationData" TEXT,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DonationTracking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DonationEvent" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "trackingId" TEXT,
    "event" TEXT NOT NULL,
    "properties" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DonationEvent_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "DonationSegment" ADD CONSTRAINT "DonationSegment_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "DonationStore"("id") ON DELETE CASCADE ON UPDATE CASCADE;
