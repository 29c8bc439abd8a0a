// The embedded stock provider: coverage from the ZipRange table, units from the
// variants' inventory (the seed's stand-in for the stock service).
import type { PrismaClient } from "~/generated/prisma/client";
import { sitePolicy } from "~/models/site-policy";
import { isZipCovered } from "~/models/zip";
import type { StockDestination, StockProvider, StockRecord } from "./types";

/** The stock provider backed by our own database. */
export function createEmbeddedStock(db: PrismaClient): StockProvider {
  async function coverage(destination: StockDestination): Promise<StockRecord[]> {
    const rows = await db.zipRange.findMany({
      where: { destination },
      orderBy: [{ startZip: "asc" }, { endZip: "asc" }],
      select: { startZip: true, endZip: true },
    });
    // Callers read every record's all_zips together, so one record per destination is enough.
    return [{ destination, all_zips: rows.map((row) => `${row.startZip}-${row.endZip}`) }];
  }

  async function coversZip(zip: string): Promise<boolean> {
    return isZipCovered(zip, await coverage("HOME"));
  }

  return {
    getCoverage: coverage,
    coversZip,

    async getProductsStock({ site, skus, zipCode, destination }) {
      const unique = [...new Set(skus)];
      const [variants, deliverable] = await Promise.all([
        db.productVariant.findMany({
          where: { sku: { in: unique }, product: { [sitePolicy(site).soldOnFlag]: true } },
          select: { sku: true, inventory: true },
        }),
        // Clinic deliveries do not depend on the shopper's zip.
        destination === "CLINIC" || coversZip(zipCode),
      ]);
      const inventory = new Map(variants.map((v) => [v.sku, Math.max(0, v.inventory)]));
      return unique.map((sku) => {
        const available = inventory.get(sku) ?? 0;
        return { sku, inStock: deliverable && available > 0, available };
      });
    },
  };
}
