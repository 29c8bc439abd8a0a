// Before a process takes requests (docs/rules.md "Processes"): the catalogue snapshot is
// loaded, so the first listing after a start answers at once instead of waiting for the
// whole catalogue to be read (seconds at 50,000 products), the search index is built (the
// first search would otherwise wait for it), and the public data version is
// read once, so pages cached in the first seconds are not keyed by a version about to move.
import { prisma } from "~/db.server";
import { catalogueSnapshot } from "~/services/commerce/index.server";
import { freshness } from "~/services/freshness/index.server";
import { warmSearchIndex } from "~/services/search/index.server";

/** Loads what every catalogue page needs; resolves with the milliseconds it took. */
export async function warmUp(): Promise<number> {
  const started = performance.now();
  await catalogueSnapshot(prisma);
  await warmSearchIndex(prisma);
  freshness.version();
  await freshness.check();
  return Math.round(performance.now() - started);
}
