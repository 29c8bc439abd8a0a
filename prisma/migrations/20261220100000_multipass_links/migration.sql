-- CreateTable
CREATE TABLE "MultipassLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MultipassLink_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "SessionToken" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MultipassLink_sessionId_idx" ON "MultipassLink"("sessionId");

-- CreateIndex
CREATE INDEX "MultipassLink_expiresAt_idx" ON "MultipassLink"("expiresAt");
