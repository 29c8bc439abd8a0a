// /metrics under cluster.js (docs/rules.md "Metrics cover every worker"): each worker counts in
// its own registry; the worker answering a scrape asks the primary over the cluster's IPC
// channel, and the primary asks every worker for its registry (prom-client's
// AggregatorRegistry) and answers them added up, each metric by its `aggregator`
// (app/services/observability/metrics.server.ts). The whole protocol is here: cluster.js
// serves it, server.js reports and asks in a worker. Plain JavaScript: cluster.js loads no app code.
import client from "prom-client";

const REQUEST = "shop:metrics-request";
const ANSWER = "shop:metrics-answer";

/**
 * How long a worker waits for the primary's answer: longer than prom-client's own wait for
 * every worker (5 s), so a worker that does not answer shows up as the primary's error.
 */
export const CLUSTER_METRICS_TIMEOUT_MS = 6_000;

/**
 * The primary's side: answers each worker's request with every connected worker's metrics
 * summed, or with the error that stopped it (a worker that did not answer within 5 s).
 * @param {import("node:cluster").Cluster} cluster
 */
export function serveClusterMetrics(cluster) {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== REQUEST) return;
    const reply = (answer) => {
      // The asking worker may have gone meanwhile: nobody is left to answer.
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer }, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * A worker's side, at start: `registry` (the shop's) is what it gives the primary when asked.
 * Constructing an AggregatorRegistry in a worker installs prom-client's answering listener.
 * @param {import("prom-client").Registry} registry
 */
export function reportToPrimary(registry) {
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
}

/**
 * A worker's side, per scrape: every worker's metrics summed, from the primary. Never rejects:
 * `{ ok: false, message }` when the primary answered an error, or nothing within `timeoutMs`.
 * @param {{ channel?: Pick<NodeJS.Process, "send" | "on" | "off">, timeoutMs?: number }} [options]
 * @returns {Promise<{ ok: true, text: string } | { ok: false, message: string }>}
 */
export function askPrimaryForMetrics({ channel = process, timeoutMs = CLUSTER_METRICS_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const id = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    let timer = null;
    const finish = (result) => {
      clearTimeout(timer);
      channel.off("message", onMessage);
      resolve(result);
    };
    function onMessage(message) {
      if (message?.type !== ANSWER || message.id !== id) return;
      if (typeof message.text === "string") finish({ ok: true, text: message.text });
      else finish({ ok: false, message: String(message.error ?? "no answer") });
    }
    timer = setTimeout(
      () => finish({ ok: false, message: `the primary did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    channel.on("message", onMessage);
    if (!channel.send) return finish({ ok: false, message: "no primary to ask" });
    channel.send({ type: REQUEST, id }, undefined, undefined, (error) => {
      if (error) finish({ ok: false, message: error.message });
    });
  });
}
