import { prisma } from "~/db.server";

/** True when the database answers a trivial query. */
export async function databaseIsHealthy(): Promise<boolean> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch (error) {
    console.error("Health check: database did not answer", error);
    return false;
  }
}
