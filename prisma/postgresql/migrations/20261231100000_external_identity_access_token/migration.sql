-- AlterTable
ALTER TABLE "ExternalIdentity" ADD COLUMN     "accessToken" TEXT,
ADD COLUMN     "accessTokenExpiresAt" TIMESTAMP(3);
