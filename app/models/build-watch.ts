// New-deployment detection (shop-core spec sections 7 and 9): the
// browser polls builds/latest.json, compares the server's build version with the
// one it runs, and offers a reload; a reload within 10 s of the last one is refused
// so a half-rolled-out deployment cannot trap a shopper in a reload loop.

/** The spec's page-reload guard (shop-core spec section 9): 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;

/** The poll interval when none (or nonsense) is configured: five minutes (docs/decisions.md). */
export const DEFAULT_BUILD_POLL_SECONDS = 300;

/** The sessionStorage key holding the time (ms since the epoch) of the last guarded reload. */
export const LAST_RELOAD_KEY = "build-watch:last-reload";

/** The path of the builds manifest (shop-core spec section 7). */
export const BUILDS_MANIFEST_PATH = "/builds/latest.json";

/**
 * Whether a reload may happen now: never reloaded, or the last reload was at least
 * RELOAD_GUARD_MS ago. A last reload in the future (the clock went back) does not block.
 */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  return elapsed < 0 || elapsed >= RELOAD_GUARD_MS;
}

/** The stored last-reload time, or null when missing or not a whole non-negative number. */
export function parseReloadStamp(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,16}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}

/** A usable build version: a non-empty string of at most 200 characters, trimmed; otherwise null. */
export function normaliseVersion(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= 200 ? trimmed : null;
}

/** The version in a builds-manifest answer (`{ "version": "..." }`), or null when it has none. */
export function readManifestVersion(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  return normaliseVersion((body as { version?: unknown }).version);
}

/**
 * Whether the server has a different build from the one running: both versions
 * must be usable, so a missing, empty or garbage answer never offers a reload.
 */
export function isNewBuild(current: unknown, latest: unknown): boolean {
  const running = normaliseVersion(current);
  const served = normaliseVersion(latest);
  return running !== null && served !== null && running !== served;
}

/** The longest poll interval: one day (timers overflow past about 24.8 days and then fire at once). */
export const MAX_BUILD_POLL_SECONDS = 86_400;

/**
 * The poll interval in ms for a configured number of seconds: a whole number from 1,
 * capped at one day; anything else gives the default.
 */
export function pollIntervalMs(seconds: unknown): number {
  const valid = typeof seconds === "number" && Number.isInteger(seconds) && seconds >= 1;
  return Math.min(valid ? seconds : DEFAULT_BUILD_POLL_SECONDS, MAX_BUILD_POLL_SECONDS) * 1000;
}
