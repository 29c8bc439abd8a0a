// `npm run worker` (docs/rules.md "Jobs"): only the jobs, until SIGTERM; then it drains and exits 0.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";

const { db, url } = await createTestDatabase();
afterAll(() => db.$disconnect());

describe("the worker process (docs/rules.md 'Jobs')", () => {
  it("runs the shop's jobs under a lease, and on SIGTERM releases them and exits 0", async () => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [path.resolve("scripts/worker.ts")], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "debug", AUTOSHIP_SCHEDULE_MINUTES: "60" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes("Job autoship finished")) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no autoship run:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    expect(output).toContain("Worker stopped");
    const [run] = await db.jobRun.findMany({ where: { job: "autoship" } });
    expect(run).toMatchObject({ status: "ok" });
    expect(JSON.parse(run.summary!)).toMatchObject({ due: 0, errors: 0 });
    const lease = await db.jobLease.findUniqueOrThrow({ where: { name: "autoship" } });
    expect(lease.holder).toBe(run.holder);
    expect(lease.leaseUntil.getTime()).toBeLessThanOrEqual(Date.now());
  }, 60_000);
});
