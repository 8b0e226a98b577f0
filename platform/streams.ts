// A streamed answer that fails after its 200 went out (a CSV export whose next batch could not be
// read) must end as a failed download, never as a shorter file that looks whole, and must be
// logged. The stream is passed on as it is, and an error while reading it is logged and ends it
// with that error: server/app.ts sends such answers chunked, so the connection is cut without the
// final chunk and the browser reports the download as failed.
import { errorFields, type Logger } from "./logger";

export function loggedStream(
  body: ReadableStream<Uint8Array>,
  logger: Logger,
  what: string,
  fields: Record<string, unknown>,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        logger.error(what, { ...fields, ...errorFields(error) });
        // Ended with a bare error: whatever prints it (the HTTP server does) prints no query or value.
        controller.error(new Error(what));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
