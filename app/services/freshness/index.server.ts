// Freshness of the public data, shared by every process (docs/rules.md "Processes"):
// `publicDataVersion()` names the catalogue and content this process serves now, so an
// in-process page cache keyed by it purges itself in every process when any process (or
// host) changes them. Content and the catalogue register their figures with `freshness`.
import { createFreshness } from "./freshness.server";

export { bumpDataVersion, FRESHNESS_MS, readDataVersion, type DataScope, type Freshness } from "./freshness.server";
export { createFreshness } from "./freshness.server";

/** The process's poller of the public data's versions. */
export const freshness = createFreshness();

/** The last-seen catalogue and content version (synchronous; refreshed in the background every ~2 s). */
export const publicDataVersion = (): string => freshness.version();

/** Runs `listener` after the public data changed (in any process); returns the unsubscribe. */
export const onPublicDataChange = (listener: (changed: readonly string[]) => void | Promise<void>): (() => void) =>
  freshness.onChange(listener);
