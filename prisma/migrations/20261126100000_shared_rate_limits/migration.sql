-- CreateTable
CREATE TABLE "RateLimitLog" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "attempts" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DataVersion" (
    "scope" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RateLimitLog_expiresAt_idx" ON "RateLimitLog"("expiresAt");
