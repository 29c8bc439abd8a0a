// The embedded analytics integration "shop" (docs/decisions.md "Analytics"): first party, no
// identifier (no customer, session or address is stored), functional consent; one
// AnalyticsEvent row per event.
import type { PrismaClient } from "@prisma/client";
import { SHOP_INTEGRATION, storedPart } from "~/models/analytics";
import type { AnalyticsIntegration } from "./types";

export function createEmbeddedAnalytics(db: PrismaClient): AnalyticsIntegration {
  return {
    name: SHOP_INTEGRATION,
    category: "functional",
    configurationError: () => null,
    async record(site, events) {
      await db.analyticsEvent.createMany({
        data: events.map((event) => {
          const { payload, valueCents } = storedPart(event);
          return {
            site,
            integration: SHOP_INTEGRATION,
            event: event.event,
            payload: JSON.stringify(payload),
            valueCents,
          };
        }),
      });
    },
  };
}
