-- CreateTable
CREATE TABLE "RateLimitLog" (
    "key" TEXT NOT NULL,
    "attempts" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitLog_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "DataVersion" (
    "scope" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataVersion_pkey" PRIMARY KEY ("scope")
);

-- CreateIndex
CREATE INDEX "RateLimitLog_expiresAt_idx" ON "RateLimitLog"("expiresAt");
