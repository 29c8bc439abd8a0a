-- CreateTable
CREATE TABLE "PlatformDonation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "trackingId" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "causeId" TEXT NOT NULL,
    "causeName" TEXT NOT NULL,
    "donationCents" INTEGER NOT NULL,
    "orderId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "PlatformDonation_trackingId_key" ON "PlatformDonation"("trackingId");
