import { Hono } from "hono";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../scripts/precompress.mjs";
import { acceptedCodings, serveBuildAssets } from "./static-assets";

const CACHE = "public, max-age=31536000, immutable";
const source = `export const greeting = ${JSON.stringify("¡Hola! ".repeat(400))};\n`;
let app: Hono;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "cotiza-static-"));
  mkdirSync(path.join(root, "build", "_shared"), { recursive: true });
  writeFileSync(path.join(root, "build", "_shared", "chunk-ABC.js"), source);
  writeFileSync(path.join(root, "build", "plain-XYZ.js"), source); // no copies: a bare `remix build`
  writeFileSync(path.join(root, "build", "logo-1.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await precompress(path.join(root, "build", "_shared"));
  app = new Hono();
  app.use("/build/*", serveBuildAssets({ root, cacheControl: CACHE }));
  app.all("*", (c) => c.text("not found", 404));
});

const get = (file: string, acceptEncoding?: string, method = "GET") =>
  app.request(file, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("los recursos de la compilación", () => {
  it("se sirven en Brotli, precomprimidos, a quien lo acepta, con Vary", async () => {
    const res = await get("/build/_shared/chunk-ABC.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe(CACHE);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(source.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(source);
  });

  it("en gzip a quien no acepta Brotli", async () => {
    const res = await get("/build/_shared/chunk-ABC.js", "gzip;q=1.0, br;q=0");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(source);
  });

  it("tal cual a quien no acepta compresión, también con Vary", async () => {
    const res = await get("/build/_shared/chunk-ABC.js");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe(source);
  });

  it("sin copias, el fichero tal cual; una imagen, sin Vary; HEAD sin cuerpo; lo que no existe sigue", async () => {
    const plain = await get("/build/plain-XYZ.js", "br");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(source);
    const image = await get("/build/logo-1.png", "br");
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("vary")).toBeNull();
    const head = await get("/build/_shared/chunk-ABC.js", "br", "HEAD");
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(await head.text()).toBe("");
    expect((await get("/build/_shared/missing.js", "br")).status).toBe(404);
    expect((await get("/build/../package.json", "br")).status).toBe(404);
  });

  it("un fichero borrado con el servidor en marcha responde 404, no una longitud sin cuerpo", async () => {
    mkdirSync(path.join(root, "build", "gone"));
    const file = path.join(root, "build", "gone", "chunk-1.js");
    writeFileSync(file, source);
    await precompress(path.join(root, "build", "gone"));
    // Served once: the server knows it and its copies.
    expect(await (await get("/build/gone/chunk-1.js", "br")).arrayBuffer()).toBeDefined();
    expect(await (await get("/build/gone/chunk-1.js")).text()).toBe(source);

    // Its Brotli copy goes: the next copy the client takes, with its own length.
    rmSync(`${file}.br`);
    const gzip = await get("/build/gone/chunk-1.js", "br, gzip");
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const gzipped = Buffer.from(await gzip.arrayBuffer());
    expect(Number(gzip.headers.get("content-length"))).toBe(gzipped.length);
    expect(gunzipSync(gzipped).toString()).toBe(source);

    // Then all of it (a new build replaced the old one): not found, for GET and HEAD alike.
    rmSync(file);
    rmSync(`${file}.gz`);
    for (const [accept, method] of [
      ["br, gzip", "GET"],
      [undefined, "GET"],
      ["br", "HEAD"],
    ] as const) {
      const res = await get("/build/gone/chunk-1.js", accept, method);
      expect(res.status, `${method} ${accept ?? "sin Accept-Encoding"}`).toBe(404);
      expect(res.headers.get("cache-control") ?? "", "un 404 no se guarda un año").not.toContain("immutable");
      expect(await res.text()).toBe(method === "HEAD" ? "" : "not found");
    }

    // And if it comes back (the same hashed name), it is served again.
    writeFileSync(file, source);
    expect(await (await get("/build/gone/chunk-1.js", "br")).text()).toBe(source);
  });

  it("lee Accept-Encoding con sus calidades", () => {
    expect([...acceptedCodings("gzip, deflate, br")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedCodings("*")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedCodings("*, br;q=0")]).toEqual(["gzip"]);
    expect([...acceptedCodings("identity")]).toEqual([]);
    expect([...acceptedCodings(undefined)]).toEqual([]);
  });
});
