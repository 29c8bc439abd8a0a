// The worker's side of /metrics under cluster.js (server/cluster-metrics.js; docs/rules.md
// "Metrics cover every worker"), over a fake IPC channel: it takes the primary's answer to
// its own request only, and settles on an honest failure rather than hanging.
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the server
import { askPrimaryForMetrics } from "../../server/cluster-metrics.js";

type Message = { type: string; id: string };

/** A channel whose primary answers each request with `answer(request)` (nothing when it returns null). */
function channel(answer: (request: Message) => Record<string, unknown> | null) {
  const events = new EventEmitter();
  const sent: Message[] = [];
  return {
    sent,
    on: (name: string, listener: (message: unknown) => void) => events.on(name, listener),
    off: (name: string, listener: (message: unknown) => void) => events.off(name, listener),
    send: (message: Message, _handle: unknown, _options: unknown, callback: (error: Error | null) => void) => {
      sent.push(message);
      callback(null);
      const reply = answer(message);
      // Another request's answer first: not this one's.
      setImmediate(() => events.emit("message", { type: "shop:metrics-answer", id: "someone-else", text: "no" }));
      if (reply) setImmediate(() => events.emit("message", { type: "shop:metrics-answer", id: message.id, ...reply }));
      return true;
    },
    listeners: () => events.listenerCount("message"),
  };
}

describe("askPrimaryForMetrics", () => {
  it("resolves with the primary's summed text for its own request", async () => {
    const fake = channel(() => ({ text: "shop_processes 2\n" }));
    expect(await askPrimaryForMetrics({ channel: fake, timeoutMs: 5_000 })).toEqual({
      ok: true,
      text: "shop_processes 2\n",
    });
    expect(fake.sent).toEqual([{ type: "shop:metrics-request", id: expect.any(String) }]);
    expect(fake.listeners()).toBe(0);
  });

  it("passes on the primary's error (a worker that did not answer)", async () => {
    const fake = channel(() => ({ error: "Operation timed out." }));
    expect(await askPrimaryForMetrics({ channel: fake, timeoutMs: 5_000 })).toEqual({
      ok: false,
      message: "Operation timed out.",
    });
  });

  it("gives up when the primary does not answer in time, and stops listening", async () => {
    const fake = channel(() => null);
    const result = await askPrimaryForMetrics({ channel: fake, timeoutMs: 30 });
    expect(result).toEqual({ ok: false, message: "the primary did not answer within 30 ms" });
    expect(fake.listeners()).toBe(0);
  });
});
