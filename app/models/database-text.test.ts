import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { isTextNotStorable, TEXT_NOT_STORABLE_CODE, textNotStorableAnswer } from "./database-text";

// PostgreSQL's refusal of a NUL character, as the driver adapter reports it (seen on a real server).
const nulCause = {
  kind: "postgres",
  code: "22021",
  severity: "ERROR",
  message: 'invalid byte sequence for encoding "UTF8": 0x00',
  detail: undefined,
  column: undefined,
  hint: undefined,
  originalCode: "22021",
  originalMessage: 'invalid byte sequence for encoding "UTF8": 0x00',
} as const;

describe('text the database cannot take (docs/rules.md "No 5xx on any input")', () => {
  it("knows PostgreSQL's refusal of a NUL character, bare and under Prisma's wrapper", () => {
    const adapterError = new DriverAdapterError(nulCause);
    expect(isTextNotStorable(adapterError)).toBe(true);
    const prismaError = new Prisma.PrismaClientKnownRequestError("invalid byte sequence", {
      code: "P2036",
      clientVersion: "6",
      meta: { driverAdapterError: adapterError },
    });
    expect(isTextNotStorable(prismaError)).toBe(true);
  });

  it("is false for every other failure", () => {
    expect(isTextNotStorable(new DriverAdapterError({ ...nulCause, code: "23505", originalCode: "23505" }))).toBe(
      false,
    );
    expect(isTextNotStorable(new DriverAdapterError({ kind: "SocketTimeout", originalCode: "SQLITE_BUSY" }))).toBe(
      false,
    );
    expect(isTextNotStorable(new Error('invalid byte sequence for encoding "UTF8": 0x00'))).toBe(false);
    expect(isTextNotStorable({ name: "DriverAdapterError", cause: { kind: "sqlite", code: "22021" } })).toBe(false);
    expect(isTextNotStorable(null)).toBe(false);
  });

  it("answers 400, private and never stored, in the API's error shape", async () => {
    const answer = textNotStorableAnswer();
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({
      error: { code: TEXT_NOT_STORABLE_CODE, message: "The request holds a character the shop cannot take (U+0000)." },
    });
  });
});
