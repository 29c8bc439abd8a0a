// The image optimiser under /_ipx (catalogue spec sections 7 and 9): ipx resizes and
// re-encodes images from public/ and from the configured content hosts. We call ipx
// directly rather than through its h3 server so that we own the validation, the
// status codes (a bad request is always a 4xx, never a 500) and the cache headers.
import { createIPX, ipxFSStorage, ipxHttpStorage } from "ipx";

/** Largest width or height anyone may ask for; bigger requests are abuse, not layout. */
export const MAX_DIMENSION = 2400;
const DEFAULT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
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
 * Express middleware serving `/{modifiers}/{path}` (mount it at /_ipx) through ipx.
 * @param {{ publicDir: string, allowedHosts?: string[], maxAgeSeconds?: number }} options
 * @returns {(req: import("express").Request, res: import("express").Response, next: import("express").NextFunction) => void}
 */
export function createImageMiddleware({ publicDir, allowedHosts = [], maxAgeSeconds = DEFAULT_MAX_AGE_SECONDS }) {
  const hosts = new Set(allowedHosts.map((h) => h.toLowerCase()));
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: publicDir, maxAge: maxAgeSeconds }),
    // ipx refuses other hosts too; redirects are refused so an allowed host cannot bounce us elsewhere.
    httpStorage: ipxHttpStorage({ domains: [...hosts], fetchOptions: { redirect: "error" }, maxAge: maxAgeSeconds }),
  });

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

      const image = ipx(source.id, modifiers);
      const meta = await image.getSourceMeta();
      const { data, format } = await image.process();
      res.set({
        "Cache-Control": `public, max-age=${maxAgeSeconds}`,
        // An SVG opened directly must not run anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      });
      if (meta.mtime) res.set("Last-Modified", meta.mtime.toUTCString());
      // res.send adds an ETag and answers conditional requests with 304.
      res.type(`image/${format}`).send(typeof data === "string" ? Buffer.from(data) : data);
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
