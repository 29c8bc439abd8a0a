export { logger, rootLogger, withLogger, REDACTED_PATHS, type Logger } from "./logger.server";
export { metrics, type Metrics } from "./metrics.server";
