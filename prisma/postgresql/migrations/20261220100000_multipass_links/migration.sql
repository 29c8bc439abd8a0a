-- CreateTable
CREATE TABLE "MultipassLink" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MultipassLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MultipassLink_sessionId_idx" ON "MultipassLink"("sessionId");

-- CreateIndex
CREATE INDEX "MultipassLink_expiresAt_idx" ON "MultipassLink"("expiresAt");

-- AddForeignKey
ALTER TABLE "MultipassLink" ADD CONSTRAINT "MultipassLink_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "SessionToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;
