// React 18.3.1's renderToPipeableStream encodes short strings into a 2,048-byte buffer; when a
// multi-byte character did not fit at its end it sent the whole buffer, with the one or two bytes
// it had left empty: NUL bytes in the page ("da\0ños" on /terminos-y-condiciones; react#31134).
// patches/react-dom+18.3.1.patch (applied by `postinstall: patch-package`) backports React's own
// fix (react#26228): send only the bytes written. Both builds are checked: the development one
// (what Vitest loads) and the production one (what the server loads with NODE_ENV=production).
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const BUILDS = ["react-dom-server.node.development.js", "react-dom-server.node.production.min.js"] as const;
const VIEW_SIZE = 2048;

/** The chunks renderToPipeableStream of `build` writes for `element`, as they leave. */
function streamChunks(build: string, element: ReactElement): Promise<Buffer[]> {
  const { renderToPipeableStream } = require(path.join(cjs, build)) as { renderToPipeableStream: typeof RenderToPipeableStream };
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(chunks));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}

/**
 * `padding` bytes of ASCII, in pieces short enough to go through the 2,048-byte buffer, then
 * paragraphs of `char`: for some padding, one of them straddles the end of the buffer.
 */
function page(padding: number, char: string): ReactElement {
  const pieces = Array.from({ length: Math.ceil(padding / 500) }, (_, i) => "a".repeat(Math.min(500, padding - i * 500)));
  return (
    <div>
      {pieces.map((piece, i) => (
        <span key={`a${i}`}>{piece}</span>
      ))}
      {Array.from({ length: 16 }, (_, i) => (
        <p key={`p${i}`}>{`da${char.repeat(150)}os`}</p>
      ))}
    </div>
  );
}

describe.each(BUILDS)("renderToPipeableStream (%s)", (build) => {
  for (const char of ["ñ", "✓", "😀"]) {
    it(`no escribe bytes NUL cuando «${char}» (${Buffer.byteLength(char)} bytes) no cabe al final del búfer`, async () => {
      let straddled = 0;
      for (let padding = VIEW_SIZE - 40; padding < VIEW_SIZE; padding++) {
        const element = page(padding, char);
        const chunks = await streamChunks(build, element);
        const bytes = Buffer.concat(chunks);
        expect(bytes.includes(0), `padding ${padding}: byte NUL en la salida`).toBe(false);
        const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        expect(text, `padding ${padding}`).toBe(renderToString(element));
        // The case of the bug: a buffer sent before the end with 1 to 3 bytes left, where the
        // next character did not fit (unpatched, it was sent whole, those bytes NUL).
        if (chunks.slice(0, -1).some((chunk) => chunk.length >= VIEW_SIZE - 3 && chunk.length < VIEW_SIZE)) straddled++;
      }
      // The test would prove nothing if no character ever fell across a buffer's end.
      expect(straddled).toBeGreaterThan(0);
    });
  }
});
