import { describe, expect, it } from "vitest";
import { backoffDelayMs, DEFAULT_BACKOFF, isPermanentFailure, outboxMessageId, pdfAttachment } from "./mail";

const MIN = 60_000;

describe("backoffDelayMs", () => {
  it("doubles from one minute after each failed attempt", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffDelayMs(n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
  });

  it("never waits more than six hours, however many attempts failed", () => {
    expect(backoffDelayMs(10)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffDelayMs(10) / MIN).toBe(360);
    expect(backoffDelayMs(1_000)).toBe(6 * 60 * MIN);
    expect(Number.isFinite(backoffDelayMs(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  it("follows a given policy", () => {
    const policy = { baseMs: 500, maxMs: 3_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, policy))).toEqual([500, 1_000, 2_000, 3_000, 3_000]);
  });

  it("refuses an attempt count that is not a positive integer", () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => backoffDelayMs(n)).toThrow(RangeError);
  });
});

describe("isPermanentFailure", () => {
  it("is true only when the server refuses the recipient or the message with a 5xx", () => {
    expect(isPermanentFailure({ code: "EENVELOPE", responseCode: 550 })).toBe(true);
    expect(isPermanentFailure({ code: "EMESSAGE", responseCode: 554 })).toBe(true);
    // Temporary refusals, lost connections and timeouts are retried.
    expect(isPermanentFailure({ code: "EENVELOPE", responseCode: 451 })).toBe(false);
    expect(isPermanentFailure({ code: "ECONNECTION" })).toBe(false);
    expect(isPermanentFailure({ code: "ETIMEDOUT" })).toBe(false);
    // Authentication failing is a configuration problem: keep the message until it is fixed.
    expect(isPermanentFailure({ code: "EAUTH", responseCode: 535 })).toBe(false);
    expect(isPermanentFailure(new Error("Connection closed unexpectedly"))).toBe(false);
    expect(isPermanentFailure(null)).toBe(false);
  });
});

describe("pdfAttachment", () => {
  it("keeps the file as base64 so the outbox row is self-contained", () => {
    const bytes = Buffer.from("%PDF-1.3 prueba");
    const attachment = pdfAttachment("poliza.pdf", bytes);
    expect(attachment).toEqual({ filename: "poliza.pdf", contentType: "application/pdf", contentBase64: bytes.toString("base64") });
    expect(Buffer.from(attachment.contentBase64, "base64").equals(bytes)).toBe(true);
  });
});

describe("outboxMessageId", () => {
  it("is the same for every attempt of a message, in the sender's domain, and differs between messages", () => {
    expect(outboxMessageId(42, '"Cotiza Seguros" <hola@Cotiza.es>')).toBe("<outbox-42@cotiza.es>");
    expect(outboxMessageId(42, "hola@cotiza.es")).toBe("<outbox-42@cotiza.es>");
    expect(outboxMessageId(43, "hola@cotiza.es")).not.toBe(outboxMessageId(42, "hola@cotiza.es"));
  });
});
