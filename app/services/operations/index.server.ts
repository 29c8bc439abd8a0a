// Running the shop: readiness, draining on shutdown and online backups
// (docs/rules.md "Jobs, restarts and backups").
export * from "./health.server";
export * from "./backup.server";
export * from "./lifecycle.server";
export * from "./warm-up.server";
