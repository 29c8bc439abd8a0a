import { describe, expect, it } from "vitest";
import { conflictPauseMs, isWriteConflict, TRANSACTION_ATTEMPTS } from "./transaction-retry";

describe('transaction retry on PostgreSQL (docs/rules.md "Database")', () => {
  it("knows a lost write conflict however it is wrapped, and nothing else", () => {
    expect(isWriteConflict({ code: "P2034" })).toBe(true);
    expect(isWriteConflict({ code: "40001" })).toBe(true);
    expect(isWriteConflict({ code: "40P01" })).toBe(true);
    expect(isWriteConflict({ meta: { driverAdapterError: { cause: { kind: "TransactionWriteConflict" } } } })).toBe(
      true,
    );
    expect(isWriteConflict({ cause: { originalCode: "40001" } })).toBe(true);
    expect(isWriteConflict({ code: "P2002" })).toBe(false);
    expect(isWriteConflict({ code: "23505" })).toBe(false);
    expect(isWriteConflict(new Error("boom"))).toBe(false);
    expect(isWriteConflict(null)).toBe(false);
  });

  it("waits a little longer each attempt, up to 200 ms, between half and all of the ceiling", () => {
    expect(conflictPauseMs(2, () => 0)).toBe(3);
    expect(conflictPauseMs(2, () => 1)).toBe(5);
    expect(conflictPauseMs(3, () => 1)).toBe(10);
    expect(conflictPauseMs(7, () => 1)).toBe(160);
    expect(conflictPauseMs(8, () => 1)).toBe(200);
    expect(conflictPauseMs(TRANSACTION_ATTEMPTS, () => 1)).toBe(200);
    expect(conflictPauseMs(8, () => 0)).toBe(100);
  });
});
