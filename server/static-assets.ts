// The hashed build assets (public/build): served from the Brotli or gzip copy written at build
// time (scripts/precompress.mjs) when the client takes it, so no request compresses a static
// file. Every compressible answer says Vary: Accept-Encoding, whichever copy it carries.
import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { statSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** The copies the build writes, in the order we prefer them. */
const ENCODINGS = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;
type Coding = (typeof ENCODINGS)[number]["coding"];

/** The file types the build precompresses (scripts/precompress.mjs keeps the same list). */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|css|map|json|svg|txt|html|xml)$/i;

type Variant = { file: string };
/**
 * One asset on disk: its plain file and the copies that existed when it was first asked for.
 * Hashed names never change their content, but a new build may remove them (see `openFile`).
 */
type Asset = { type: string; plain: Variant; encoded: Partial<Record<Coding, Variant>> };

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file opened, with the size of what was opened; undefined when it is gone (or not a file). */
async function openFile(file: string): Promise<{ handle: FileHandle; size: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch {
    return undefined;
  }
  try {
    const s = await handle.stat();
    if (s.isFile()) return { handle, size: s.size };
  } catch {
    // fall through: closed below
  }
  await handle.close();
  return undefined;
}

/**
 * The codings the client takes, by Accept-Encoding: "br", "gzip" or "*" with q above 0
 * ("gzip;q=0" refuses gzip; an explicit refusal beats "*").
 */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const accepted = new Set<Coding>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? "").split(",")) {
    const [coding, ...params] = part.split(";").map((x) => x.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith("q="));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (!ok) refused.add(coding);
    else if (coding === "*") star = true;
    else if (coding === "br" || coding === "gzip") accepted.add(coding);
  }
  if (star) for (const { coding } of ENCODINGS) if (!refused.has(coding)) accepted.add(coding);
  return accepted;
}

/** A path that could leave the directory, or an encoded one: never looked up. */
const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|%|\0/;

export type BuildAssetsOptions = {
  /** The public directory (public/), the URL path is looked up under it. */
  root: string;
  /** Cache-Control of a found asset. */
  cacheControl: string;
};

/**
 * GET/HEAD of a file under the root: the precompressed copy the client takes, else the plain
 * file; next() when there is no such file (the 404 comes from the app).
 *
 * Which files exist is remembered per URL, but every answer opens its file first and takes
 * Content-Length from what it opened: a file removed while the server runs (a new build in
 * place of the old one) is forgotten and looked up again, so the client gets another copy or
 * the 404, never a length followed by a body that cannot be read.
 */
export function serveBuildAssets(options: BuildAssetsOptions): MiddlewareHandler {
  const known = new Map<string, Asset>();
  const lookup = (urlPath: string): Asset | undefined => {
    const hit = known.get(urlPath);
    if (hit) return hit;
    const file = path.join(options.root, urlPath);
    if (!isFile(file)) return undefined; // misses are not remembered: a rebuild may add it
    const type = getMimeType(file) ?? "application/octet-stream";
    const encoded: Asset["encoded"] = {};
    if (PRECOMPRESSED_EXTENSIONS.test(file)) {
      for (const { coding, suffix } of ENCODINGS) {
        if (isFile(file + suffix)) encoded[coding] = { file: file + suffix };
      }
    }
    const asset: Asset = { type, plain: { file }, encoded };
    known.set(urlPath, asset);
    return asset;
  };

  return async (c: Context, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const urlPath = c.req.path;
    if (UNSAFE_PATH.test(urlPath)) return next();
    // Twice at most: what was remembered, then (one of its files gone) what is on disk now.
    for (let attempt = 0; attempt < 2; attempt++) {
      const asset = lookup(urlPath);
      if (!asset) return next();
      let variant = asset.plain;
      const headers: Record<string, string> = { "Content-Type": asset.type, "Cache-Control": options.cacheControl };
      if (PRECOMPRESSED_EXTENSIONS.test(urlPath)) {
        headers["Vary"] = "Accept-Encoding";
        const accepted = acceptedCodings(c.req.header("Accept-Encoding"));
        for (const { coding } of ENCODINGS) {
          const copy = asset.encoded[coding];
          if (copy && accepted.has(coding)) {
            variant = copy;
            headers["Content-Encoding"] = coding;
            break;
          }
        }
      }
      const opened = await openFile(variant.file);
      if (!opened) {
        known.delete(urlPath);
        continue;
      }
      headers["Content-Length"] = String(opened.size);
      if (c.req.method === "HEAD") {
        await opened.handle.close();
        return c.body(null, 200, headers);
      }
      // The stream closes the file at its end or on error (an open file stays readable even if
      // it is removed meanwhile).
      const body = Readable.toWeb(opened.handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
      return c.body(body, 200, headers);
    }
    return next();
  };
}
