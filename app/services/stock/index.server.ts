import { prisma } from "~/db.server";
import { createCoverageAdmin } from "./coverage-admin.server";
import { createEmbeddedStock } from "./embedded.server";
import type { StockProvider } from "./types";

export type { ProductStock, StockDestination, StockProvider, StockRecord } from "./types";
export { createCoverageAdmin, type CoverageRow } from "./coverage-admin.server";

/** The stock provider in use: the embedded one until a remote adapter exists. */
export const stock: StockProvider = createEmbeddedStock(prisma);
/** The back office's editor of the embedded provider's zip coverage. */
export const coverageAdmin = createCoverageAdmin(prisma);
export * from "./types";
