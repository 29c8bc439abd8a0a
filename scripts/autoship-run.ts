// `npm run autoship:run`: one run of the autoship engine, then exit.
// Exits 1 when any subscription failed with an unexpected error.
import { autoship } from "~/services/autoship/index.server";
import { prisma } from "~/db.server";

const summary = await autoship.run();
await prisma.$disconnect();
process.exitCode = summary.errors > 0 ? 1 : 0;
