import { prisma } from "~/db.server";
import { seedDatabase } from "../../prisma/seed/index";

/** Seeds this worker's shared database once (catalogue without pictures). */
export async function ensureSeeded(): Promise<void> {
  if ((await prisma.product.count()) > 0) return;
  await seedDatabase(prisma, { images: false, syntheticProducts: 0 });
}
