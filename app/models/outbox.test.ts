import { describe, expect, it } from "vitest";
import {
  afterFailedTry,
  backlogAgeSeconds,
  classifyDeliveryError,
  DEFAULT_OUTBOX_MAX_TRIES,
  describeDeliveryError,
  OUTBOX_FIRST_RETRY_MS,
  OUTBOX_MAX_RETRY_MS,
  retryDelayMs,
} from "./outbox";

const NOW = new Date("2026-11-25T12:00:00Z");

describe("outbox retry schedule", () => {
  it("waits 30 s after the first failure and doubles after each later one", () => {
    expect(retryDelayMs(1)).toBe(OUTBOX_FIRST_RETRY_MS);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(7)).toBe(32 * 60_000);
  });

  it("never waits more than an hour, however many tries", () => {
    expect(retryDelayMs(8)).toBe(OUTBOX_MAX_RETRY_MS);
    expect(retryDelayMs(1000)).toBe(OUTBOX_MAX_RETRY_MS);
  });

  it("treats a try count below 1 as the first", () => {
    expect(retryDelayMs(0)).toBe(OUTBOX_FIRST_RETRY_MS);
  });
});

describe("outbox bounded tries", () => {
  it("gives eight tries by default", () => {
    expect(DEFAULT_OUTBOX_MAX_TRIES).toBe(8);
  });

  it("queues again after a transient failure before the last try, with the backoff", () => {
    expect(afterFailedTry({ tries: 7, maxTries: 8, kind: "transient", now: NOW })).toEqual({
      status: "queued",
      nextAttemptAt: new Date(NOW.getTime() + retryDelayMs(7)),
    });
    expect(afterFailedTry({ tries: 1, maxTries: 8, kind: "transient", now: NOW })).toEqual({
      status: "queued",
      nextAttemptAt: new Date(NOW.getTime() + 30_000),
    });
  });

  it("marks the message failed when the last allowed try fails", () => {
    expect(afterFailedTry({ tries: 8, maxTries: 8, kind: "transient", now: NOW })).toEqual({ status: "failed" });
    expect(afterFailedTry({ tries: 9, maxTries: 8, kind: "transient", now: NOW })).toEqual({ status: "failed" });
  });

  it("marks the message failed at once on a permanent error", () => {
    expect(afterFailedTry({ tries: 1, maxTries: 8, kind: "permanent", now: NOW })).toEqual({ status: "failed" });
  });
});

describe("outbox error classification", () => {
  it("calls an SMTP 5xx reply to the message permanent", () => {
    expect(classifyDeliveryError(Object.assign(new Error("550 no such user"), { responseCode: 550 }))).toBe(
      "permanent",
    );
    expect(classifyDeliveryError({ responseCode: 554, code: "EMESSAGE" })).toBe("permanent");
    expect(classifyDeliveryError({ responseCode: 500 })).toBe("permanent");
    expect(classifyDeliveryError({ responseCode: 599 })).toBe("permanent");
  });

  it("calls a 4xx reply transient (the server says try later)", () => {
    expect(classifyDeliveryError({ responseCode: 421 })).toBe("transient");
    expect(classifyDeliveryError({ responseCode: 451, code: "EENVELOPE" })).toBe("transient");
    expect(classifyDeliveryError({ responseCode: 499 })).toBe("transient");
  });

  it("calls connection, timeout and TLS errors transient", () => {
    expect(classifyDeliveryError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(
      "transient",
    );
    expect(classifyDeliveryError({ code: "ECONNECTION" })).toBe("transient");
    expect(classifyDeliveryError({ code: "ETIMEDOUT" })).toBe("transient");
    expect(classifyDeliveryError({ code: "ETLS" })).toBe("transient");
    expect(classifyDeliveryError(Object.assign(new Error("self-signed certificate"), { code: "ESOCKET" }))).toBe(
      "transient",
    );
  });

  it("calls a refused SMTP sign-in transient: the operator fixes the settings, the message is not at fault", () => {
    expect(classifyDeliveryError({ code: "EAUTH", responseCode: 535 })).toBe("transient");
  });

  it("calls anything unknown transient, and a handler's own permanent flag permanent", () => {
    expect(classifyDeliveryError(new Error("boom"))).toBe("transient");
    expect(classifyDeliveryError("a string")).toBe("transient");
    expect(classifyDeliveryError(null)).toBe("transient");
    expect(classifyDeliveryError({ permanent: true })).toBe("permanent");
  });
});

describe("outbox last error", () => {
  it("keeps one line of at most 500 characters, with nodemailer's code", () => {
    expect(describeDeliveryError(Object.assign(new Error("Connection\nrefused"), { code: "ESOCKET" }))).toBe(
      "ESOCKET: Connection refused",
    );
    expect(describeDeliveryError(new Error("x".repeat(600)))).toHaveLength(500);
    expect(describeDeliveryError(Object.assign(new Error("ETIMEDOUT here"), { code: "ETIMEDOUT" }))).toBe(
      "ETIMEDOUT here",
    );
  });
});

describe("backlog age (docs/rules.md 'Metrics cover every worker')", () => {
  it("is whole seconds since the oldest pending message, 0 with none, never negative", () => {
    expect(backlogAgeSeconds(null, NOW)).toBe(0);
    expect(backlogAgeSeconds(new Date(NOW.getTime() - 90_999), NOW)).toBe(90);
    expect(backlogAgeSeconds(new Date(NOW.getTime() + 5_000), NOW)).toBe(0);
  });
});
