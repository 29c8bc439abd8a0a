export { logger, rootLogger, withLogger, REDACTED_PATHS, type Logger } from "./logger.server";
export { metrics, type Metrics } from "./metrics.server";
export { createRouteLabeler, methodLabel, ROUTE_LABELS } from "./route-label";
export * from "./metrics-access.server";
export { gatherMetricsWith, scrapeMetrics, type GatheredMetrics } from "./scrape.server";
export {
  closeErrorTracker,
  reportClientError,
  reportError,
  startErrorTracker,
  ERROR_TRACKER_CLOSE_TIMEOUT_MS,
  type ErrorTags,
} from "./error-tracker.server";
