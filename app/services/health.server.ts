import { prisma } from "~/db.server";
import { logger } from "~/services/observability/index.server";

/** True when the database answers a trivial query. */
export async function databaseIsHealthy(): Promise<boolean> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch (error) {
    logger().error({ err: error }, "Health check: database did not answer");
    return false;
  }
}
