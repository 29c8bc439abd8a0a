-- AlterTable
ALTER TABLE "ExternalIdentity" ADD COLUMN "accessToken" TEXT;
ALTER TABLE "ExternalIdentity" ADD COLUMN "accessTokenExpiresAt" DATETIME;
