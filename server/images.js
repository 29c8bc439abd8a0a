// The image optimiser under /_ipx (catalogue spec sections 7 and 9): ipx resizes and
// re-encodes images from public/ and from the configured content hosts. We call ipx
// directly rather than through its h3 server so that we own the validation, the
// status codes (a bad request is always a 4xx, never a 500) and the cache headers.
//
// Transformed images are cached (docs/rules.md "Image cache"): in memory and on disk, both
// bounded by bytes (least recently used go first), keyed by the source, its modification
// time (local files) and the modifiers, so a repeat request costs a stat and a copy, not a
// transform. Answers carry a strong ETag and Last-Modified, and 304 on a match.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createIPX, ipxFSStorage, ipxHttpStorage } from "ipx";
import { LRUCache } from "lru-cache";

/** Largest width or height anyone may ask for; bigger requests are abuse, not layout. */
export const MAX_DIMENSION = 2400;
const DEFAULT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A URL carrying `?v=` (a content version) never changes: browsers and CDNs keep it a year. */
const VERSIONED_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** jpeg and png sources are served as webp unless a format is asked for (spec section 7). */
const DEFAULT_FORMAT = "webp";

const dimension = (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_DIMENSION;
const MODIFIERS = {
  f: (v) => ["webp", "avif", "png", "jpeg", "jpg"].includes(v),
  fit: (v) => ["cover", "contain", "fill", "inside", "outside"].includes(v),
  w: dimension,
  h: dimension,
  s: (v) => /^\d+x\d+$/.test(v) && v.split("x").every(dimension),
  q: (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100,
  // A hex colour without "#" (it would start the URL fragment) or a CSS colour name.
  b: (v) => /^([\da-f]{3}|[\da-f]{6}|[a-z]{3,20})$/i.test(v),
};
const ALIASES = { format: "f", width: "w", height: "h", resize: "s", quality: "q", background: "b" };

class ImageRequestError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Parses "w_320,f_webp" ("_" for none) into ipx modifiers, rejecting anything not on the list.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseModifiers(text) {
  /** @type {Record<string, string>} */
  const modifiers = {};
  if (text === "_") return modifiers;
  for (const part of text.split(",")) {
    const separator = part.indexOf("_");
    const rawName = separator > 0 ? part.slice(0, separator) : part;
    const name = Object.hasOwn(ALIASES, rawName) ? ALIASES[rawName] : rawName;
    const value = separator > 0 ? part.slice(separator + 1) : "";
    if (!Object.hasOwn(MODIFIERS, name)) throw new ImageRequestError(400, `Unknown image modifier: ${rawName}`);
    if (!MODIFIERS[name](value)) throw new ImageRequestError(400, `Invalid value for image modifier ${rawName}`);
    modifiers[name] = value;
  }
  return modifiers;
}

/**
 * Checks the source: a path inside public/ or an http(s) URL on an allowed host.
 * @param {string} rawId the percent-encoded path after the modifiers
 * @param {Set<string>} allowedHosts
 */
function parseSource(rawId, allowedHosts) {
  let id;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    throw new ImageRequestError(400, "Malformed image path");
  }
  if (!id || id.includes("\0") || id.includes("\\")) throw new ImageRequestError(400, "Malformed image path");
  if (/^https?:\/\//i.test(id)) {
    let url;
    try {
      url = new URL(id);
    } catch {
      throw new ImageRequestError(400, "Malformed image URL");
    }
    if (!allowedHosts.has(url.hostname.toLowerCase()) && !allowedHosts.has(url.host.toLowerCase())) {
      throw new ImageRequestError(403, "Image host not allowed");
    }
    return { id: url.href, pathname: url.pathname };
  }
  // Local: a plain relative path. "..", "." and empty segments (which would make a
  // protocol-relative URL) are refused outright rather than normalised.
  if (id.includes(":") || id.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new ImageRequestError(400, "Invalid image path");
  }
  return { id: `/${id}`, pathname: id };
}

/**
 * ipx (h3) errors carry statusCode; fetch errors from a content host carry status.
 * Everything maps to a 4xx: the request named something we cannot serve.
 * @param {any} error
 */
function statusOf(error) {
  if (error instanceof ImageRequestError) return error.status;
  const status = error?.statusCode ?? error?.status ?? error?.response?.status;
  if (status === 403) return 403;
  if (status === 404 || status === 410 || error?.name === "FetchError") return 404;
  // Anything else (sharp cannot decode the source, ...) is an unprocessable image.
  return 400;
}

/**
 * @typedef {{ data: Buffer, contentType: string, etag: string, lastModified: string | null, expires: number }} CachedImage
 */

/**
 * The transformed-image cache: an LRU in memory and an LRU of files in `dir`, each bounded by bytes.
 * Files are written whole under a temporary name and renamed, so processes sharing the folder
 * never read half a file; one they lose to another's eviction is a miss.
 * @param {{ memoryBytes: number, diskBytes: number, dir: string | null }} options
 */
export function createImageCache({ memoryBytes, diskBytes, dir }) {
  /** @type {LRUCache<string, CachedImage> | null} */
  const memory =
    memoryBytes > 0
      ? new LRUCache({ maxSize: memoryBytes, sizeCalculation: (image) => image.data.length + 256 })
      : null;
  /** @type {LRUCache<string, number> | null} file name → size */
  const disk =
    diskBytes > 0 && dir
      ? new LRUCache({
          maxSize: diskBytes,
          sizeCalculation: (size) => Math.max(1, size),
          dispose: (_size, name, reason) => {
            if (reason === "evict" || reason === "delete") fs.rm(path.join(dir, name), { force: true }, () => {});
          },
        })
      : null;
  if (disk && dir) {
    fs.mkdirSync(dir, { recursive: true });
    // Files from earlier runs, oldest first, so the newest are the last to go.
    const files = fs
      .readdirSync(dir)
      .filter((name) => /^[\da-f]{64}$/.test(name))
      .map((name) => ({ name, stat: fs.statSync(path.join(dir, name)) }))
      .sort((a, b) => a.stat.mtimeMs - b.stat.mtimeMs);
    for (const { name, stat } of files) disk.set(name, stat.size);
  }

  const fileName = (key) => crypto.createHash("sha256").update(key).digest("hex");

  /** @param {string} key @returns {Promise<CachedImage | null>} */
  async function get(key) {
    const now = Date.now();
    const held = memory?.get(key);
    if (held && held.expires > now) return held;
    if (!disk || !dir) return null;
    const name = fileName(key);
    if (!disk.has(name)) return null;
    try {
      const file = await fs.promises.readFile(path.join(dir, name));
      const metaLength = file.readUInt32BE(0);
      const meta = JSON.parse(file.subarray(4, 4 + metaLength).toString("utf8"));
      const image = { ...meta, data: file.subarray(4 + metaLength) };
      if (image.expires <= now) return null;
      disk.get(name);
      memory?.set(key, image);
      return image;
    } catch {
      disk.delete(name);
      return null;
    }
  }

  /** @param {string} key @param {CachedImage} image */
  function set(key, image) {
    memory?.set(key, image);
    if (!disk || !dir) return;
    const { data, ...meta } = image;
    const metaBytes = Buffer.from(JSON.stringify(meta), "utf8");
    const length = Buffer.alloc(4);
    length.writeUInt32BE(metaBytes.length);
    const file = Buffer.concat([length, metaBytes, data]);
    const name = fileName(key);
    const temporary = path.join(dir, `${name}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`);
    fs.promises
      .writeFile(temporary, file)
      .then(() => fs.promises.rename(temporary, path.join(dir, name)))
      .then(() => disk.set(name, file.length))
      .catch(() => fs.rm(temporary, { force: true }, () => {}));
  }

  return { get, set, memory, disk };
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
function etagMatches(header, etag) {
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/**
 * Express middleware serving `/{modifiers}/{path}` (mount it at /_ipx) through ipx.
 * @param {{ publicDir: string, allowedHosts?: string[], maxAgeSeconds?: number,
 *   cache?: ReturnType<typeof createImageCache> }} options
 * @returns {(req: import("express").Request, res: import("express").Response, next: import("express").NextFunction) => void}
 */
export function createImageMiddleware({
  publicDir,
  allowedHosts = [],
  maxAgeSeconds = DEFAULT_MAX_AGE_SECONDS,
  cache = createImageCache({ memoryBytes: 32 * 1024 * 1024, diskBytes: 0, dir: null }),
}) {
  const hosts = new Set(allowedHosts.map((h) => h.toLowerCase()));
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: publicDir, maxAge: maxAgeSeconds }),
    // ipx refuses other hosts too; redirects are refused so an allowed host cannot bounce us elsewhere.
    httpStorage: ipxHttpStorage({ domains: [...hosts], fetchOptions: { redirect: "error" }, maxAge: maxAgeSeconds }),
  });

  /**
   * Sends an image straight to the socket (no res.send: no body hashing, no type lookup per hit).
   * @param {import("express").Request} req @param {import("express").Response} res @param {CachedImage} image
   */
  function send(req, res, image) {
    const versioned = req.url.includes("?") && typeof req.query.v === "string" && req.query.v !== "";
    res.setHeader("Cache-Control", versioned ? VERSIONED_CACHE_CONTROL : `public, max-age=${maxAgeSeconds}`);
    // An SVG opened directly must not run anything.
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader("ETag", image.etag);
    if (image.lastModified) res.setHeader("Last-Modified", image.lastModified);
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, image.etag)
      : Boolean(ifModifiedSince && image.lastModified && Date.parse(image.lastModified) <= Date.parse(ifModifiedSince));
    if (notModified) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader("Content-Type", image.contentType);
    res.setHeader("Content-Length", image.data.length);
    res.end(req.method === "HEAD" ? undefined : image.data);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text").send("Method Not Allowed");
      return;
    }
    const handle = async () => {
      const match = /^\/([^/]+)\/(.+)$/.exec(req.path);
      if (!match) throw new ImageRequestError(400, "Expected /_ipx/{modifiers}/{path}");
      const modifiers = parseModifiers(match[1]);
      const source = parseSource(match[2], hosts);
      if (!modifiers.f && /\.(png|jpe?g)$/i.test(source.pathname)) modifiers.f = DEFAULT_FORMAT;

      // A local file's modification time is part of the key: a replaced file is transformed afresh.
      let version = "remote";
      if (source.id.startsWith("/")) {
        // A local stat costs microseconds; a sync one less than a trip through the thread pool.
        const stat = fs.statSync(path.join(publicDir, source.pathname), { throwIfNoEntry: false });
        if (!stat?.isFile()) throw new ImageRequestError(404, "Image not found");
        version = String(stat.mtimeMs);
      }
      const modifierText = Object.keys(modifiers)
        .sort()
        .map((name) => `${name}_${modifiers[name]}`)
        .join(",");
      const key = `${source.id}\n${version}\n${modifierText}`;
      const cached = await cache.get(key);
      if (cached) return send(req, res, cached);

      const image = ipx(source.id, modifiers);
      const meta = await image.getSourceMeta();
      const { data, format } = await image.process();
      const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data);
      const fresh = {
        data: bytes,
        contentType: `image/${format}`,
        etag: `"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
        lastModified: meta.mtime ? meta.mtime.toUTCString() : null,
        expires: Date.now() + maxAgeSeconds * 1000,
      };
      cache.set(key, fresh);
      send(req, res, fresh);
    };
    handle().catch((error) => {
      const status = statusOf(error);
      if (!(error instanceof ImageRequestError) && status === 400) console.error("image optimiser:", error);
      const message =
        error instanceof ImageRequestError
          ? error.message
          : status === 404
            ? "Image not found"
            : "Image cannot be served";
      if (res.headersSent) return next(error);
      res.set("Cache-Control", "no-store").status(status).type("text").send(message);
    });
  };
}
