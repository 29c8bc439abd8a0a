// The process's serving state (docs/rules.md "Restarts"): once draining begins (SIGTERM
// or SIGINT, in server.js) readiness answers 503 and responses close their connection.
const globalForLifecycle = globalThis as unknown as { __draining?: boolean };

/** Marks the process as shutting down; it never becomes ready again. */
export function beginDraining(): void {
  globalForLifecycle.__draining = true;
}

/** True once the process is shutting down. */
export function isDraining(): boolean {
  return globalForLifecycle.__draining === true;
}
