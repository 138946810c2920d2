// Brotli for the build's scripts and styles. `next start` compresses with gzip only; brotli at quality 11
// makes the same JavaScript about a fifth smaller on the wire, but is far too slow to run per request. So
// each `/_next/static/**/*.{js,css}` file is compressed once (all of them in the background at start, or on
// first request) and kept in memory; a request whose Accept-Encoding allows `br` gets those bytes with the
// headers Next sends for the file. Anything else (gzip or identity clients, an odd path, an unknown file, a
// failure) falls through to Next unchanged.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const compress = promisify(brotliCompress);
const PREFIX = "/_next/static/";
const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
// Build output names only: no `%` (Next decodes those itself), no `..`, no backslash, no hidden segment.
const SAFE_SEGMENT = /^[A-Za-z0-9_~@+\-[\]()][A-Za-z0-9_.~@+\-[\]()]*$/;

/** True when the Accept-Encoding header allows `br` (named with q > 0, or `*` with q > 0 and br not refused). */
export function acceptsBrotli(header) {
  if (typeof header !== "string") return false;
  const weights = new Map();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const br = weights.has("br") ? weights.get("br") : weights.get("*");
  return typeof br === "number" && br > 0;
}

/** The file under `root` a request target names, or undefined when it is not a safe static script or style. */
function fileFor(root, target) {
  const pathname = target.split(/[?#]/, 1)[0];
  if (!pathname.startsWith(PREFIX)) return undefined;
  const segments = pathname.slice(PREFIX.length).split("/");
  if (!segments.every((s) => SAFE_SEGMENT.test(s) && s !== "..")) return undefined;
  if (!Object.hasOwn(TYPES, path.extname(pathname))) return undefined;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * A handler for `root` (the build's static folder): `handle(request, response)` resolves true when it
 * answered, false when Next should. `warm()` compresses every script and style, one after another.
 */
export function brotliStatic(root) {
  root = path.resolve(root);
  /** @type {Map<string, Promise<{ key: string, body: Buffer, etag: string }>>} */
  const cache = new Map();

  async function compressed(file, info) {
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = cache.get(file);
    if (cached) {
      const entry = await cached.catch(() => undefined);
      if (entry?.key === key) return entry;
    }
    const made = readFile(file).then(async (raw) => ({
      key,
      body: await compress(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      // Strong, and distinct from the uncompressed file's: a different representation of the same content.
      // 96 bits of the hash: every script of a page carries these headers, so they stay short.
      etag: `"${createHash("sha1").update(raw).digest("base64url").slice(0, 16)}-br"`,
    }));
    cache.set(file, made);
    made.catch(() => cache.delete(file));
    return made;
  }

  async function handle(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (!acceptsBrotli(request.headers["accept-encoding"])) return false;
    const file = fileFor(root, request.url ?? "/");
    if (!file) return false;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return false;
    const { body, etag } = await compressed(file, info);
    const headers = {
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Type": TYPES[path.extname(file)],
      // No Last-Modified: the file names are content hashes, and the ETag already answers a revalidation.
      ETag: etag,
      Vary: "Accept-Encoding",
    };
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    response.writeHead(200, { ...headers, "Content-Encoding": "br", "Content-Length": body.length });
    response.end(request.method === "HEAD" ? undefined : body);
    return true;
  }

  async function files(dir) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : Object.hasOwn(TYPES, path.extname(e.name)) ? [path.join(dir, e.name)] : [],
      ),
    );
    return nested.flat();
  }

  async function warm() {
    for (const file of await files(root)) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) await compressed(file, info).catch(() => undefined);
    }
  }

  return { handle, warm };
}
