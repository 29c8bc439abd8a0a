// Backups on SQLite (docs/rules.md "Backups"): a snapshot taken while another connection
// writes orders is whole and consistent, and a shop restored from it reads its orders.
// Backing up and restoring on both databases: restore.test.ts.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { backupDatabase } from "~/services/backups/index.server";
import { createTestDatabase } from "../helpers/db";
import { TEST_DB_DIR } from "../helpers/migrations";

const { db, url } = await createTestDatabase();
const clients: PrismaClient[] = [db];
const files: string[] = [];
afterAll(async () => {
  for (const client of clients) await client.$disconnect();
  for (const file of files) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

const tempFile = (name: string) => {
  const file = path.join(TEST_DB_DIR, `${name}-${crypto.randomUUID()}.db`);
  files.push(file);
  return file;
};

const order = (number: number) => ({
  number,
  site: "DTC",
  email: `buyer${number}@example.com`,
  subtotalCents: 1000 + number,
  totalCents: 1000 + number,
  shippingAddress: JSON.stringify({ zip: "80202" }),
});

describe("database backups (docs/rules.md 'Backups')", () => {
  it("takes a consistent snapshot while orders are being written, and a restored copy reads them", async () => {
    await db.order.create({ data: order(1) });
    let written = 1;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        written += 1;
        await db.order.create({ data: order(written) });
        // better-sqlite3 answers synchronously: without a turn of the event loop this loop starves the test.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    const backup = tempFile("backup");
    expect(await backupDatabase(url, backup)).toBe(path.resolve(backup));
    const writtenAtBackup = written;
    // The writer keeps going after the snapshot.
    while (written < writtenAtBackup + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    writing = false;
    await writer;
    expect(fs.existsSync(`${backup}.partial`)).toBe(false);

    // Restore as docs/operations.md says: no -wal/-shm of the old file, the backup copied in its place.
    const restored = tempFile("restored");
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(restored + suffix, { force: true });
    fs.copyFileSync(backup, restored);
    const shop = createPrismaClient(`file:${restored}`);
    clients.push(shop);
    const first = await shop.order.findUniqueOrThrow({ where: { number: 1 } });
    expect(first).toMatchObject({ email: "buyer1@example.com", totalCents: 1001 });
    // A snapshot: orders 1..n with no gap, none written after it.
    const numbers = (await shop.order.findMany({ select: { number: true }, orderBy: { number: "asc" } })).map(
      (row) => row.number,
    );
    expect(numbers.length).toBeGreaterThanOrEqual(49);
    expect(numbers.length).toBeLessThanOrEqual(writtenAtBackup);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(await db.order.count()).toBeGreaterThan(numbers.length);
  });

  it("`npm run backup <file>` prints the path; it refuses to overwrite a file", async () => {
    const target = tempFile("cli");
    const run = (file: string) =>
      promisify(execFile)(path.resolve("node_modules/.bin/tsx"), [path.resolve("scripts/backup.ts"), file], {
        env: { ...process.env, DATABASE_URL: url },
        timeout: 30_000,
      });
    const { stdout } = await run(target);
    expect(stdout.trim()).toBe(path.resolve(target));
    const copy = createPrismaClient(`file:${target}`);
    clients.push(copy);
    expect(await copy.order.count()).toBeGreaterThan(0);
    await expect(run(target)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("already exists") });
  });
});
