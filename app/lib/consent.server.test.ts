import { describe, expect, it } from "vitest";
import { buildConsent, readConsent, serializeConsent } from "./consent.server";

const now = new Date("2026-11-22T10:00:00.000Z");

function requestWith(setCookie: string | null): Request {
  const headers = new Headers();
  if (setCookie) headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request("http://cotiza.test/", { headers });
}

describe("consentimiento de cookies", () => {
  it("devuelve null cuando el visitante aún no ha decidido", async () => {
    expect(await readConsent(requestWith(null))).toBeNull();
  });

  it("lee lo que se guardó", async () => {
    const consent = buildConsent({ analytics: true, personalization: false }, now);
    const header = await serializeConsent(consent);
    expect(header).toMatch(/^cookie_consent=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=15552000/);
    expect(await readConsent(requestWith(header))).toEqual({
      v: 1,
      analytics: true,
      personalization: false,
      at: "2026-11-22T10:00:00.000Z",
    });
  });

  it.each([
    "cookie_consent=basura",
    "cookie_consent=",
    "cookie_consent=%E0%A4%A",
    `cookie_consent=${btoa(JSON.stringify({ v: 2, analytics: true }))}`,
  ])("trata una cookie ilegible como no decidida (%s)", async (cookie) => {
    expect(await readConsent(requestWith(cookie))).toBeNull();
  });
});
