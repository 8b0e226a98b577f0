// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every compressible
// file of public/build, so the server sends them as they are (server/static-assets.ts) and never
// compresses a static file per request. Part of `npm run build` (scripts/build.mjs); run alone
// with `node scripts/precompress.mjs [dir]`.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Keep in step with PRECOMPRESSED_EXTENSIONS in server/static-assets.ts. */
const COMPRESSIBLE = /\.(?:js|mjs|css|map|json|svg|txt|html|xml)$/i;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function upToDate(copy, source) {
  try {
    return (await stat(copy)).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/** Compresses every compressible file under dir; returns { files, rawBytes, brBytes, gzipBytes }. */
export async function precompress(dir) {
  const totals = { files: 0, written: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  const jobs = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        const source = await stat(file);
        const body = await readFile(file);
        totals.files++;
        totals.rawBytes += body.length;
        const variants = [
          [
            `${file}.br`,
            () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            "brBytes",
          ],
          [`${file}.gz`, () => gz(body, { level: 9 }), "gzipBytes"],
        ];
        for (const [copy, compress, total] of variants) {
          // Hashed names: a copy newer than its file is the same content.
          if (await upToDate(copy, source)) {
            totals[total] += (await stat(copy)).size;
            continue;
          }
          const compressed = await compress();
          await writeFile(copy, compressed);
          totals.written++;
          totals[total] += compressed.length;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = path.resolve(process.argv[2] ?? "public/build");
  const started = performance.now();
  const t = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `precompress: ${t.files} files in ${path.relative(process.cwd(), dir) || dir} (${kb(t.rawBytes)}): Brotli ${kb(t.brBytes)}, gzip ${kb(t.gzipBytes)}, ${t.written} copies written in ${Math.round(performance.now() - started)} ms`,
  );
}
