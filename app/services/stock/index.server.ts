import { prisma } from "~/db.server";
import { createEmbeddedStock } from "./embedded.server";
import type { StockProvider } from "./types";

export type { ProductStock, StockDestination, StockProvider, StockRecord } from "./types";

/** The stock provider in use: the embedded one until a remote adapter exists. */
export const stock: StockProvider = createEmbeddedStock(prisma);
export * from "./types";
