// The transformed-image cache (docs/rules.md "Image cache"; server/images.js): the image
// middleware on a server of its own over a folder of generated images, with its memory and
// disk caches. A repeat request does no transform; its CPU figure is checked loosely here
// (>= 20x less than a transform) and measured by `npm run bench` against the 50x target.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the server
import { createImageCache, createImageMiddleware } from "../../server/images.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-"));
const publicDir = path.join(root, "public");
const servers: http.Server[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(publicDir, "images"), { recursive: true });
  // Noise, so every transform does real work (a flat image would be nearly free).
  const raw = crypto.randomBytes(1200 * 900 * 3);
  await sharp(raw, { raw: { width: 1200, height: 900, channels: 3 } })
    .png()
    .toFile(path.join(publicDir, "images/photo.png"));
});

afterAll(() => {
  for (const server of servers) server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(cacheOptions: { memoryBytes: number; diskBytes: number; dir: string | null }) {
  const cache = createImageCache(cacheOptions);
  const app = express();
  app.use("/_ipx", createImageMiddleware({ publicDir, cache }));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { cache, ...client(port) };
}

function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: pathname, headers, agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    });
  return { get };
}

const diskBytesOf = (dir: string) =>
  fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);

describe("image cache (docs/rules.md 'Image cache')", () => {
  it("a repeat request does no transform and costs far less server CPU than a fresh one", async () => {
    // The server in a process of its own, so the figure is the server's CPU (sharp's threads
    // included), not this test's client; /cpu answers its process.cpuUsage().
    const script = `
      import express from "express";
      import { createImageCache, createImageMiddleware } from "./server/images.js";
      const app = express();
      const cache = createImageCache({ memoryBytes: 8 * 1024 * 1024, diskBytes: 0, dir: null });
      // Every transform stores its result: counting stores counts transforms.
      let transforms = 0;
      const store = cache.set.bind(cache);
      cache.set = (...args) => { transforms += 1; return store(...args); };
      app.get("/cpu", (_req, res) => res.json({ ...process.cpuUsage(), transforms }));
      app.use("/_ipx", createImageMiddleware({ publicDir: ${JSON.stringify(publicDir)}, cache }));
      const server = app.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout!.once("data", (data: Buffer) => resolve(Number(data.toString()))),
      );
      const shop = client(port);
      const serverStats = async () =>
        JSON.parse((await shop.get("/cpu")).body.toString()) as NodeJS.CpuUsage & { transforms: number };
      const serverCpu = async () => {
        const { user, system } = await serverStats();
        return user + system;
      };
      const N = 20;
      const HITS = 10 * N;
      const all = async (count: number) => {
        for (let i = 0; i < count; i += 1) {
          expect((await shop.get(`/_ipx/w_${300 + (i % N)}/images/photo.png`)).status).toBe(200);
        }
      };
      await shop.get("/_ipx/w_200/images/photo.png"); // warm-up: sharp and ipx loaded
      await shop.get("/_ipx/w_200/images/photo.png");
      let before = await serverCpu();
      await all(N);
      const fresh = (await serverCpu()) - before;
      const transformsAfterFresh = (await serverStats()).transforms;
      expect(transformsAfterFresh).toBe(N + 1); // the warm-up's one and one per width
      await all(HITS); // the hit path warmed up
      expect((await serverStats()).transforms).toBe(transformsAfterFresh);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The least disturbed of five rounds: on a shared machine other work only ever adds.
      let repeat = Infinity;
      for (let round = 0; round < 5; round += 1) {
        before = await serverCpu();
        await all(HITS);
        repeat = Math.min(repeat, (((await serverCpu()) - before) * N) / HITS);
      }
      const ratio = fresh / repeat;
      console.info(
        `image server CPU per request: fresh transform ${Math.round(fresh / N)} µs, repeat ${Math.round(repeat / N)} µs (${ratio.toFixed(0)}x)`,
      );
      // Loose on purpose: under a loaded test run the hit path's share swings (47x-64x seen);
      // the 50x target is `npm run bench`'s, measured against its anchors.
      expect(ratio).toBeGreaterThanOrEqual(20);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("answers with a strong ETag and Last-Modified, 304 on If-None-Match or If-Modified-Since, a year for ?v=", async () => {
    const shop = await start({ memoryBytes: 8 * 1024 * 1024, diskBytes: 0, dir: null });
    const first = await shop.get("/_ipx/w_120/images/photo.png");
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers["last-modified"]).toBeTruthy();
    expect(first.headers["cache-control"]).toBe("public, max-age=604800");
    const again = await shop.get("/_ipx/w_120/images/photo.png", { "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await shop.get("/_ipx/w_120/images/photo.png", {
      "If-Modified-Since": first.headers["last-modified"]!,
    });
    expect(since.status).toBe(304);
    const changed = await shop.get("/_ipx/w_120/images/photo.png", { "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(first.body)).toBe(true);
    const versioned = await shop.get("/_ipx/w_120/images/photo.png?v=3f2a");
    expect(versioned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps memory and disk within their bytes, and a new process reads the disk copy without transforming", async () => {
    const dir = path.join(root, "cache-bounds");
    const shop = await start({ memoryBytes: 40_000, diskBytes: 80_000, dir });
    const sizes: number[] = [];
    for (let i = 0; i < 12; i += 1)
      sizes.push((await shop.get(`/_ipx/w_${200 + i * 10}/images/photo.png`)).body.length);
    await new Promise((resolve) => setTimeout(resolve, 200)); // disk writes finish
    expect(Math.min(...sizes)).toBeGreaterThan(5_000); // so the bounds are actually reached
    expect(shop.cache.memory.calculatedSize).toBeLessThanOrEqual(40_000);
    expect(diskBytesOf(dir)).toBeLessThanOrEqual(80_000);
    expect(fs.readdirSync(dir).length).toBeGreaterThan(0);

    // Another process over the same folder, with no memory cache: the newest files are served from disk.
    const next = await start({ memoryBytes: 0, diskBytes: 80_000, dir });
    const last = `/_ipx/w_${200 + 11 * 10}/images/photo.png`;
    const original = await shop.get(last);
    // Every transform stores its result through the cache's `set`: counting stores counts transforms.
    let transforms = 0;
    const store = next.cache.set;
    next.cache.set = (...args: Parameters<typeof store>) => {
      transforms += 1;
      return store(...args);
    };
    const fromDisk = await next.get(last);
    expect(fromDisk.body.equals(original.body)).toBe(true);
    expect(fromDisk.headers.etag).toBe(original.headers.etag);
    expect(transforms).toBe(0);
    await next.get("/_ipx/w_777/images/photo.png"); // a size nobody asked for is transformed
    expect(transforms).toBe(1);
  });

  it("transforms afresh when the source file changes", async () => {
    const shop = await start({ memoryBytes: 8 * 1024 * 1024, diskBytes: 0, dir: null });
    const before = await shop.get("/_ipx/w_90/images/photo.png");
    const file = path.join(publicDir, "images/photo.png");
    const inverted = await sharp(file).negate().png().toBuffer();
    fs.writeFileSync(file, inverted);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await shop.get("/_ipx/w_90/images/photo.png");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
