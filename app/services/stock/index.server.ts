import { prisma } from "~/db.server";
import { email } from "~/services/email/index.server";
import { rateLimits } from "~/services/http/index.server";
import { createCoverageAdmin } from "./coverage-admin.server";
import { createEmbeddedStock } from "./embedded.server";
import { createStockNotifications } from "./notifications.server";
import type { StockProvider } from "./types";

export type { ProductStock, StockDestination, StockProvider, StockRecord } from "./types";
export { createCoverageAdmin, type CoverageRow } from "./coverage-admin.server";

/** The stock provider in use: the embedded one until a remote adapter exists. */
export const stock: StockProvider = createEmbeddedStock(prisma);
/** The back office's editor of the embedded provider's zip coverage. */
export const coverageAdmin = createCoverageAdmin(prisma);
export * from "./types";
export { createStockNotifications } from "./notifications.server";

/** "Notify me when it's back" requests and the back-in-stock job (docs/rules.md "Back in stock"). */
export const stockNotifications = createStockNotifications(prisma, email, {
  limiter: rateLimits.limiter("back-in-stock"),
});
