import { describe, expect, it } from "vitest";
import { isDue, lagSeconds, leaseEnd, leaseIsFree, nextDueAt, waitBeforeNextCheck } from "./jobs";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

describe("job leases (docs/rules.md 'Jobs')", () => {
  it("is free when there is none, when it has run out, and when it is already ours", () => {
    expect(leaseIsFree(null, "a", at(0))).toBe(true);
    expect(leaseIsFree({ holder: "b", leaseUntil: at(9) }, "a", at(10))).toBe(true);
    expect(leaseIsFree({ holder: "a", leaseUntil: at(60) }, "a", at(10))).toBe(true);
  });

  it("is free when it ends exactly now, and taken a millisecond before", () => {
    expect(leaseIsFree({ holder: "b", leaseUntil: at(10) }, "a", at(10))).toBe(true);
    expect(leaseIsFree({ holder: "b", leaseUntil: new Date(at(10).getTime() + 1) }, "a", at(10))).toBe(false);
  });

  it("runs for the lease length from when it was taken or renewed", () => {
    expect(leaseEnd(at(0), 30_000)).toEqual(at(30));
  });
});

describe("when a job is due (docs/rules.md 'Jobs')", () => {
  const hour = 3_600_000;

  it("is due at once when it never ran", () => {
    expect(nextDueAt(null, hour, at(5))).toEqual(at(5));
  });

  it("is due one interval after the last run was due, however late that run started", () => {
    expect(nextDueAt({ dueAt: at(0), startedAt: at(0) }, hour, at(10))).toEqual(at(3600));
    expect(nextDueAt({ dueAt: at(0), startedAt: at(3599) }, hour, at(3600))).toEqual(at(3600));
  });

  it("skips the slots missed while nothing ran instead of catching up", () => {
    // Due at 0, started exactly one interval late: the slot at 3600 has passed; next at 7200.
    expect(nextDueAt({ dueAt: at(0), startedAt: at(3600) }, hour, at(3600))).toEqual(at(7200));
    expect(nextDueAt({ dueAt: at(0), startedAt: at(5 * 3600 + 1) }, hour, at(5 * 3600 + 2))).toEqual(at(6 * 3600));
  });

  it("runs a crashed runner's abandoned run again at once, as of when it was due", () => {
    expect(nextDueAt({ dueAt: at(0), startedAt: at(1), abandoned: true }, hour, at(90))).toEqual(at(0));
  });

  it("counts due exactly now as due", () => {
    expect(isDue(at(10), at(10))).toBe(true);
    expect(isDue(at(11), at(10))).toBe(false);
  });

  it("measures the lag from due to start, never negative", () => {
    expect(lagSeconds(at(0), at(2.5))).toBe(2.5);
    expect(lagSeconds(at(5), at(0))).toBe(0);
  });

  it("waits until due, bounded above and below", () => {
    expect(waitBeforeNextCheck(at(30), at(0), 60_000)).toBe(30_000);
    expect(waitBeforeNextCheck(at(300), at(0), 60_000)).toBe(60_000);
    expect(waitBeforeNextCheck(at(0), at(10), 60_000)).toBe(10);
  });
});
