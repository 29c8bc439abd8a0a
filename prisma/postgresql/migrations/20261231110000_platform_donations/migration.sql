-- CreateTable
CREATE TABLE "PlatformDonation" (
    "id" TEXT NOT NULL,
    "trackingId" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "causeId" TEXT NOT NULL,
    "causeName" TEXT NOT NULL,
    "donationCents" INTEGER NOT NULL,
    "orderId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlatformDonation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlatformDonation_trackingId_key" ON "PlatformDonation"("trackingId");
