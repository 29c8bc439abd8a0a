// Backups and restores on both databases (docs/rules.md "Backups"): a shop with orders,
// customers and outbox messages is backed up (`pg_dump --format=custom` on PostgreSQL, the
// backup API on SQLite), restored by `npm run restore` into a new empty database, and the
// production server started on it shows the same orders, customers and outbox. A restore never
// goes over a database with tables nor takes the other database's kind of file; a failed
// backup leaves no file.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { sessionSettings } from "~/env.server";
import { backupFileName } from "~/models/backup";
import { databaseProviderOf } from "~/models/database-url";
import { email } from "~/services/email/index.server";
import { backupDatabase, databaseFile, restoreDatabase, type RestoreTools } from "~/services/backups/index.server";
import { committedMigrations, migrationsDir, pendingMigrations } from "../../scripts/migrate.mjs";
import { findBinDir } from "../../scripts/postgres.mjs";
import { newAccount } from "../helpers/accounts";
import { newAdmin, type TestAdmin } from "../helpers/admin";
import { httpGet } from "../helpers/http";
import { newEmptyDatabaseUrl, queryNumber, TEST_DB_DIR } from "../helpers/migrations";
import { orderOfVariant } from "../helpers/orders";
import { ensureSeeded } from "../helpers/seeded";
import { startShopServer } from "../helpers/shop-server";

const sourceUrl = process.env.DATABASE_URL!;
const provider = databaseProviderOf(sourceUrl)!;
// What `npm run backup` and `npm run restore` give the service (scripts/backup.ts, scripts/restore.ts).
const tools: RestoreTools = {
  postgresBin: findBinDir(),
  pendingMigrations: (url, applied) =>
    pendingMigrations(committedMigrations(migrationsDir(url)), applied).map((m) => m.name),
};
const files: string[] = [];
afterAll(() => {
  for (const file of files)
    for (const suffix of ["", "-wal", "-shm", ".partial"]) fs.rmSync(file + suffix, { force: true });
});

/** A path in the test folder for a file made here, removed after the run. */
function tempFile(name: string): string {
  fs.mkdirSync(TEST_DB_DIR, { recursive: true });
  const file = path.join(TEST_DB_DIR, `restore-${crypto.randomUUID()}-${name}`);
  files.push(file);
  return file;
}

const restoreCommand = (args: string[], databaseUrl: string) =>
  promisify(execFile)(path.resolve("node_modules/.bin/tsx"), [path.resolve("scripts/restore.ts"), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });

let admin: TestAdmin;
let buyer: { email: string; customerId: string };
let backup = "";
const placed: number[] = [];
/** The source's counts just before the backup: other test files write to it too, so the backup holds at least these. */
let before: Counts;

interface Counts {
  orders: number;
  customers: number;
  outboxMessages: number;
}
const countsOf = async (): Promise<Counts> => ({
  orders: await prisma.order.count(),
  customers: await prisma.customer.count(),
  outboxMessages: await prisma.outboxMessage.count(),
});

beforeAll(async () => {
  // One shop: the catalogue, two customers, three orders placed by them and one being placed, an email waiting in the outbox.
  await ensureSeeded();
  const variant = await prisma.productVariant.findFirstOrThrow({ select: { id: true } });
  buyer = await newAccount("restore-buyer");
  const other = await newAccount("restore-other");
  for (const customerId of [buyer.customerId, other.customerId, buyer.customerId]) {
    placed.push((await orderOfVariant(prisma, customerId, variant.id)).number);
  }
  // And one still being placed: the back office's orders list leaves such orders out.
  await orderOfVariant(prisma, other.customerId, variant.id, { status: "pending" });
  await email.enqueue(prisma, { to: buyer.email, subject: "Restore drill", text: "Kept", template: "test" });
  admin = await newAdmin("owner", "restore");
  before = await countsOf();
  backup = tempFile(backupFileName(new Date(), provider));
  expect(await backupDatabase(sourceUrl, backup, tools)).toBe(path.resolve(backup));
});

describe(`backup and restore on ${provider} (docs/rules.md 'Backups')`, () => {
  it("restores a backup into a new empty database, and a shop started on it shows the same orders, customers and outbox", async () => {
    // One whole file under its final name: nothing left beside it.
    const beside = (file: string) =>
      [".partial", ".partial-wal", ".partial-shm", "-wal", "-shm"].filter((suffix) => fs.existsSync(file + suffix));
    expect(beside(backup)).toEqual([]);

    const target = await newEmptyDatabaseUrl("restored");
    const { stdout } = await restoreCommand([backup], target);
    const after = await countsOf();
    // What the restore printed: the snapshot holds everything written before the backup, and
    // nothing written after this moment (other test files keep writing to the source).
    const printed = stdout.match(/: (\d+) orders, (\d+) customers, (\d+) outbox messages/);
    expect(printed, stdout).not.toBeNull();
    const restored: Counts = {
      orders: Number(printed![1]),
      customers: Number(printed![2]),
      outboxMessages: Number(printed![3]),
    };
    for (const key of ["orders", "customers", "outboxMessages"] as const) {
      expect(restored[key], key).toBeGreaterThanOrEqual(before[key]);
      expect(restored[key], key).toBeLessThanOrEqual(after[key]);
    }
    if (provider === "sqlite") expect(beside(databaseFile(target))).toEqual([]);

    const server = await startShopServer(provider === "sqlite" ? databaseFile(target) : target, {
      SESSION_SECRET: sessionSettings.SESSION_SECRET,
    });
    try {
      const read = async (pathname: string) => {
        const answer = await httpGet(server.port, pathname, { Cookie: admin.jar.header });
        expect(answer.status, pathname).toBe(200);
        return JSON.parse(answer.body.toString()) as Record<string, unknown>;
      };
      // The shop on the restored database shows what the restore counted (the orders list leaves
      // out orders still being placed, as it does on any shop), and this test's own rows.
      const pending = await queryNumber(target, `SELECT COUNT(*) FROM "Order" WHERE "status" = 'pending'`);
      expect((await read("/admin/orders?_data=routes%2Fadmin.orders._index")).total).toBe(restored.orders - pending);
      for (const number of placed) {
        await read(`/admin/orders/${number}?_data=routes%2Fadmin.orders.%24number`);
      }
      expect((await read(`/admin/customers?_data=routes%2Fadmin.customers._index`)).total).toBe(restored.customers);
      const found = await read(
        `/admin/customers?_data=routes%2Fadmin.customers._index&q=${encodeURIComponent(buyer.email)}`,
      );
      expect((found.rows as { email: string }[]).map((row) => row.email)).toEqual([buyer.email]);
      expect((await read("/admin/outbox?_data=routes%2Fadmin.outbox")).total).toBe(restored.outboxMessages);
    } finally {
      server.kill();
      await server.exited;
    }
  });

  it("refuses a database that has tables, a backup of the other database and any other file, saying what to do", async () => {
    // The shop's own database has tables: a restore never overwrites it.
    await expect(restoreDatabase(sourceUrl, backup, tools)).rejects.toThrow(
      /has tables: restore only goes into an empty database/,
    );
    const empty = await newEmptyDatabaseUrl("refused");
    const otherKind = tempFile("other-kind");
    if (provider === "sqlite") {
      fs.writeFileSync(otherKind, Buffer.from("PGDMP\x01\x0f\x00\x04\x08\x01\x01\x01", "latin1"));
    } else {
      new Database(otherKind).exec("CREATE TABLE t (x)").close();
    }
    await expect(restoreDatabase(empty, otherKind, tools)).rejects.toThrow(
      provider === "sqlite"
        ? /is a PostgreSQL backup .* but DATABASE_URL names a SQLite database: restore it into a PostgreSQL/
        : /is a SQLite backup .* but DATABASE_URL names a PostgreSQL database: restore it into a SQLite/,
    );
    const text = tempFile("notes.txt");
    fs.writeFileSync(text, "-- PostgreSQL database dump\n");
    await expect(restoreDatabase(empty, text, tools)).rejects.toThrow(/is not a backup this command restores/);
    // The empty database is still empty: a restore into it works after the refusals.
    const { stdout } = await restoreCommand([backup], empty);
    expect(stdout).toMatch(/^Restored .* orders/);
  });

  it("`npm run restore` with no file or an option answers its usage and exit 2", async () => {
    for (const args of [[], ["--force"]]) {
      await expect(restoreCommand(args, sourceUrl)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run restore -- FILE"),
      });
    }
  });

  it("a failed backup leaves no file under its name nor a partial one, and no password in its message", async () => {
    const missing =
      provider === "sqlite"
        ? `file:${tempFile("missing.db")}`
        : Object.assign(new URL(sourceUrl), { password: "s3cret-pw", pathname: "/no_such_database" }).toString();
    const target = tempFile(backupFileName(new Date(), provider));
    const failure = await backupDatabase(missing, target, tools).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).not.toContain("s3cret-pw");
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(`${target}.partial`)).toBe(false);
  });
});
