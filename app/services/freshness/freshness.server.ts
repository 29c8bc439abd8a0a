// What keeps the caches of every process in agreement (docs/rules.md "Processes"): each
// process polls cheap version figures of the public data in the background, at most every
// FRESHNESS_MS. The figures come from the systems that own the data (content registers its
// DataVersion row, the catalogue its row counts and newest changes); when one moves, the
// listeners (a cache that must drop or reload) run first, and only then does the version
// change, so nothing keyed by it is built from data older than the version says.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { logger } from "~/services/observability/index.server";

/** How long a change made by another process may stay unseen here (plus one poll's time). */
export const FRESHNESS_MS = 2000;

/** The scopes with a DataVersion row, bumped in the transaction of each write to them. */
export type DataScope = "content" | "catalogue";

/** Bumps a scope's version; run it in the transaction that writes the data (batch or interactive). */
export function bumpDataVersion(db: PrismaClient | Prisma.TransactionClient, scope: DataScope) {
  return db.dataVersion.upsert({
    where: { scope },
    create: { scope, version: 1 },
    update: { version: { increment: 1 } },
  });
}

/** A scope's version as stored ("0" before its first write). */
export async function readDataVersion(db: PrismaClient, scope: DataScope): Promise<string> {
  const row = await db.dataVersion.findUnique({ where: { scope }, select: { version: true } });
  return String(row?.version ?? 0);
}

/** The names of the sources whose figures moved. */
export type DataChangeListener = (changed: readonly string[]) => void | Promise<void>;

export interface Freshness {
  /** Adds a source of version figures (read at each poll). */
  register(name: string, read: () => Promise<string>): void;
  /** The last version seen: synchronous, no query. Changes after the listeners of a change ran. */
  version(): string;
  /** Runs `listener` after a change is seen (the first poll included); returns the unsubscribe. */
  onChange(listener: DataChangeListener): () => void;
  /** Polls once now (tests; the background poll calls it). */
  check(): Promise<void>;
  /** Stops the background poll. */
  stop(): void;
}

/** A poller of the registered sources; the background poll starts with the first `version()` or `onChange`. */
export function createFreshness({ intervalMs = FRESHNESS_MS }: { intervalMs?: number } = {}): Freshness {
  const sources = new Map<string, () => Promise<string>>();
  const seen = new Map<string, string>();
  const listeners = new Set<DataChangeListener>();
  let current = "0";
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  // A source registered while a poll runs was not read by it: the poll runs again.
  let registeredDuringPoll = false;

  async function poll() {
    const names = [...sources.keys()];
    const figures = await Promise.all(names.map((name) => sources.get(name)!()));
    const changed = names.filter((name, i) => seen.get(name) !== figures[i]);
    if (changed.length === 0) return;
    names.forEach((name, i) => seen.set(name, figures[i]));
    const results = await Promise.allSettled([...listeners].map((listener) => listener(changed)));
    for (const result of results) {
      if (result.status === "rejected") logger().error({ err: result.reason }, "A data-change listener failed");
    }
    current = crypto
      .createHash("sha256")
      .update(names.map((name) => `${name}=${seen.get(name)}`).join("\n"))
      .digest("base64url")
      .slice(0, 16);
  }

  /**
   * One poll, made again while sources were registered during it: the version a check leaves
   * names every source registered before it ends. (The first poll starts as the first module
   * subscribes, before the others have registered; the version it left changed at the next
   * poll, so a page cached in the first seconds after a start was missed once.)
   */
  async function pollAll() {
    do {
      registeredDuringPoll = false;
      await poll();
    } while (registeredDuringPoll);
  }

  function check() {
    running ??= pollAll()
      .catch((error) => logger().warn({ err: error }, "Data version check failed; trying again"))
      .finally(() => (running = null));
    return running;
  }

  function start() {
    if (timer) return;
    timer = setInterval(() => void check(), intervalMs);
    // The poll never keeps a process (a script, a test) alive.
    timer.unref();
    void check();
  }

  return {
    register(name, read) {
      sources.set(name, read);
      if (running) registeredDuringPoll = true;
    },
    version() {
      start();
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      start();
      return () => listeners.delete(listener);
    },
    check,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
