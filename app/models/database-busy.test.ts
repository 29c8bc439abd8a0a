import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import {
  DATABASE_BUSY_CODE,
  databaseBusyAnswer,
  databaseBusyDetail,
  isDatabaseBusy,
  isDatabaseBusyBody,
} from "./database-busy";

const busyCause = {
  kind: "SocketTimeout",
  originalCode: "SQLITE_BUSY",
  originalMessage: "database is locked",
} as const;

describe("isDatabaseBusy (docs/rules.md 'Database busy')", () => {
  it("knows SQLITE_BUSY as better-sqlite3 throws it, from a real locked database", () => {
    const file = path.join(os.tmpdir(), `busy-unit-${crypto.randomUUID()}.db`);
    const first = new Database(file);
    const second = new Database(file, { timeout: 0 });
    try {
      first.exec("CREATE TABLE IF NOT EXISTS t (x); BEGIN IMMEDIATE");
      let thrown: unknown;
      try {
        second.exec("BEGIN IMMEDIATE");
      } catch (error) {
        thrown = error;
      }
      expect(isDatabaseBusy(thrown)).toBe(true);
      expect(databaseBusyDetail(thrown)?.message).toBe("database is locked");
    } finally {
      first.close();
      second.close();
      fs.rmSync(file, { force: true });
    }
  });

  it("knows it through the driver adapter and Prisma's wrappers", () => {
    const adapterError = new DriverAdapterError(busyCause);
    expect(isDatabaseBusy(adapterError)).toBe(true);
    const prismaError = new Prisma.PrismaClientKnownRequestError("Operation has timed out", {
      code: "P1008",
      clientVersion: "6.19.3",
      meta: { driverAdapterError: adapterError },
    });
    expect(isDatabaseBusy(prismaError)).toBe(true);
    expect(databaseBusyDetail(prismaError)?.source).toBe(adapterError);
    expect(isDatabaseBusy({ code: "SQLITE_BUSY_SNAPSHOT", message: "database is locked" })).toBe(true);
  });

  it("knows its own answer, and the route error response carrying it", async () => {
    const answer = databaseBusyAnswer();
    expect(isDatabaseBusy(answer)).toBe(true);
    const data: unknown = await answer.json();
    expect(isDatabaseBusyBody(data)).toBe(true);
    expect(isDatabaseBusy({ status: 503, statusText: "Service Unavailable", data, internal: false })).toBe(true);
  });

  it("is false for every other failure", () => {
    const unique = new DriverAdapterError({
      kind: "UniqueConstraintViolation",
      originalCode: "SQLITE_CONSTRAINT_UNIQUE",
    });
    expect(isDatabaseBusy(unique)).toBe(false);
    expect(isDatabaseBusy({ code: "SQLITE_LOCKED", message: "database table is locked" })).toBe(false);
    expect(isDatabaseBusy(new Error("database is locked"))).toBe(false);
    expect(isDatabaseBusy(new Response("busy", { status: 503 }))).toBe(false);
    expect(isDatabaseBusy({ status: 503, data: { error: { code: "OTHER" } } })).toBe(false);
    expect(isDatabaseBusy(null)).toBe(false);
    expect(isDatabaseBusy("SQLITE_BUSY")).toBe(false);
    expect(DATABASE_BUSY_CODE).toBe("DATABASE_BUSY");
  });
});
