// Running the shop: readiness, draining on shutdown and warming up (docs/rules.md "Jobs,
// restarts and backups"). Backups and restores: app/services/backups.
export * from "./health.server";
export * from "./lifecycle.server";
export * from "./warm-up.server";
