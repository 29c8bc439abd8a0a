// The node:http anchor of `npm run bench` (scripts/bench.mjs): answers every request with
// the same captured response (status, headers, body bytes exactly as the shop sent them),
// so its CPU per request is what sending those bytes costs with nothing rendered.
// Env: BENCH_REPLAY_PORT, BENCH_REPLAY_FILE (JSON { status, headers: [[name, value]...], body: base64 }).
import fs from "node:fs";
import http from "node:http";

const capture = JSON.parse(fs.readFileSync(process.env.BENCH_REPLAY_FILE, "utf8"));
const body = Buffer.from(capture.body, "base64");
// Hop-by-hop and per-response headers are node:http's to write, as Express's are.
const SKIP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);
const headers = {};
for (const [name, value] of capture.headers) {
  const key = name.toLowerCase();
  if (SKIP.has(key)) continue;
  headers[key] = key in headers ? [].concat(headers[key], value) : value;
}
headers["content-length"] = String(body.length);

const server = http.createServer((req, res) => {
  req.resume(); // a posted body is read and dropped
  res.writeHead(capture.status, headers);
  res.end(body);
});
server.listen(Number(process.env.BENCH_REPLAY_PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => process.exit(0));
