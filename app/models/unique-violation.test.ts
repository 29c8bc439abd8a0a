import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { isUniqueViolation } from "./unique-violation";

type Cause = ConstructorParameters<typeof DriverAdapterError>[0];

// The adapters' causes, as seen on real databases (tests/integration/unique-violation.test.ts).
const sqliteCause: Cause = {
  kind: "UniqueConstraintViolation",
  constraint: { fields: ["webhookId"] },
  originalCode: "SQLITE_CONSTRAINT_UNIQUE",
  originalMessage: "UNIQUE constraint failed: ShopifyWebhook.webhookId",
};
const postgresCause: Cause = {
  kind: "UniqueConstraintViolation",
  constraint: { fields: ['"webhookId"'] },
  originalCode: "23505",
  originalMessage: 'duplicate key value violates unique constraint "ShopifyWebhook_webhookId_key"',
};

const wrapped = (code: string, cause: Cause) =>
  new Prisma.PrismaClientKnownRequestError("Invalid invocation", {
    code,
    clientVersion: "6.19.3",
    meta: { modelName: "ShopifyWebhook", driverAdapterError: new DriverAdapterError(cause) },
  });

describe('a unique violation (docs/rules.md "Database")', () => {
  it("knows a model operation's P2002 and a raw query's P2010 on both databases", () => {
    for (const cause of [sqliteCause, postgresCause]) {
      expect(isUniqueViolation(wrapped("P2002", cause))).toBe(true);
      expect(isUniqueViolation(wrapped("P2010", cause))).toBe(true);
      expect(isUniqueViolation(new DriverAdapterError(cause))).toBe(true);
    }
  });

  it("knows the databases' own codes beneath any wrapper", () => {
    expect(isUniqueViolation({ cause: { originalCode: "SQLITE_CONSTRAINT_PRIMARYKEY" } })).toBe(true);
    expect(isUniqueViolation({ cause: { originalCode: "23505" } })).toBe(true);
    expect(isUniqueViolation({ name: "SqliteError", code: "SQLITE_CONSTRAINT_UNIQUE" })).toBe(true);
    expect(isUniqueViolation({ name: "error", code: "23505" })).toBe(true);
  });

  it("is false for every other failure", () => {
    const foreignKey: Cause = { kind: "ForeignKeyConstraintViolation", originalCode: "23503" };
    expect(isUniqueViolation(wrapped("P2003", foreignKey))).toBe(false);
    expect(
      isUniqueViolation(
        wrapped("P2010", {
          kind: "postgres",
          code: "22021",
          severity: "ERROR",
          message: "0x00",
          detail: undefined,
          column: undefined,
          hint: undefined,
          originalCode: "22021",
        }),
      ),
    ).toBe(false);
    expect(isUniqueViolation({ code: "P2034" })).toBe(false);
    expect(isUniqueViolation({ code: "40001" })).toBe(false);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_NOTNULL" })).toBe(false);
    expect(isUniqueViolation({ code: "SQLITE_BUSY" })).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: X.y"))).toBe(false);
    expect(isUniqueViolation("P2002")).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
