import { afterEach, describe, expect, it, vi } from "vitest";
import { scheduleRuns } from "./autoship.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("the autoship schedule (issue 5 'Autoship engine': the server can run it on a schedule)", () => {
  it("is off at 0 minutes", () => {
    expect(scheduleRuns(async () => undefined, 0)).toBeNull();
  });

  it("runs every N minutes, never two runs at once, and keeps going after a failure", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = run.mock.calls.length === 1 ? () => reject(new Error("boom")) : resolve;
        }),
    );
    const log = vi.fn();
    const stop = scheduleRuns(run, 5, log)!;

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(run).toHaveBeenCalledTimes(1);

    finish();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(log).toHaveBeenCalledWith("autoship run failed", expect.any(Error));
    expect(run).toHaveBeenCalledTimes(2);

    stop();
    finish();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
