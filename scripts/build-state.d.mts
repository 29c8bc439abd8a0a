// Types of scripts/build-state.mjs, for the tests that import it.
export type BuildKind = "missing" | "development" | "production";
export interface BuildState {
  current: boolean;
  reason: "missing" | "development" | "stale" | "current";
}
export const SERVER_BUILD: string;
export const CONFIGURATION_ERROR: number;
export function buildKind(root?: string): BuildKind;
export function buildState(root?: string): BuildState;
export function serveRefusal(root?: string, env?: Record<string, string | undefined>): string | null;
export function ensureBuild(root?: string, options?: { quiet?: boolean }): BuildState;
