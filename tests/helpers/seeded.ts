import { prisma } from "~/db.server";
import { seedDatabase } from "../../prisma/seed/index";

/** Seeds this worker's shared database once (catalogue without pictures). */
export async function ensureSeeded(): Promise<void> {
  if ((await prisma.product.count()) > 0) return;
  await seedDatabase(prisma, { images: false, syntheticProducts: 0 });
}

/** A deliverable US address (inside the seeded home-delivery coverage) for orders made in tests. */
export const TEST_ADDRESS = {
  firstName: "Robin",
  lastName: "Lee",
  address1: "10 Elm St",
  city: "Aurora",
  provinceCode: "CO",
  zip: "80011",
  countryCode: "US",
};
