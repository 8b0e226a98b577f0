import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { errorFields, logger } from "../platform/logger";
import "~/lib/load-context";

const ABORT_DELAY = 5_000;

/**
 * React writes a document as many ~2 KB chunks in one go; each became a chunk of the web stream
 * and a write to the socket (7 % of a page's CPU on the bench). This passes on in one chunk what
 * was written in the same turn of the event loop, so a page without Suspense leaves as one
 * write and later (streamed) parts still leave as soon as they are rendered (ADR 008).
 */
class CoalescingStream extends Transform {
  private chunks: Buffer[] = [];
  private scheduled = false;
  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.chunks.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }
  _flush(callback: TransformCallback) {
    this.release();
    callback();
  }
  private release() {
    this.scheduled = false;
    if (this.chunks.length === 0) return;
    const body = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    this.chunks = [];
    this.push(body);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots and no-JS crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new CoalescingStream();
          // React has written the whole document: nothing left to abort.
          body.on("finish", () => clearTimeout(abortTimer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render failed", errorFields(error));
        },
      },
    );
  });
}

// Loader/action failures: 5xx are logged once here with the request; aborted requests are not errors.
export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests are not failures; 4xx error responses (a 404, say) are answers, not bugs.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logger.error("route error", { method: request.method, path: new URL(request.url).pathname, ...errorFields(error) });
};
