// The visitor's policies and their documents over real HTTP against a fresh database
// (/me/policies, recibos, quote and IPID PDFs): someone else's policy or document gives 404.
import { beforeAll, describe, expect, it } from "vitest";
import { call, checkout, checkoutBody, createQuote, download, NOT_FOUND_POLICY, registerVisitor, setUpCheckoutApi, type Policy, type Quote } from "../support/checkout";
import { AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();


describe("/me/policies y documentos", () => {
  let owner: Awaited<ReturnType<typeof registerVisitor>>;
  let stranger: Awaited<ReturnType<typeof registerVisitor>>;
  let policy: Policy;
  let quote: Quote;

  beforeAll(async () => {
    owner = await registerVisitor();
    stranger = await registerVisitor();
    quote = await createQuote("hogar", HOGAR, owner.token);
    const answer = await checkout(quote.id, checkoutBody(owner.nif, { plan: "premium", frequency: "trimestral" }), owner.token);
    expect(answer.status).toBe(201);
    policy = answer.body as unknown as Policy;
  });

  it("lista las pólizas del visitante y muestra una; la de otra persona da 404", async () => {
    const list = await call("GET", "/me/policies", { token: owner.token });
    expect(list.status).toBe(200);
    expect((list.body.items as Policy[]).map((p) => p.number)).toEqual([policy.number]);
    const one = await call("GET", `/me/policies/${policy.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(policy);

    expect((await call("GET", "/me/policies", { token: stranger.token })).body.items).toEqual([]);
    for (const path of [`/me/policies/${policy.id}`, "/me/policies/999999", "/me/policies/abc"]) {
      const answer = await call("GET", path, { token: stranger.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND_POLICY);
    }
    expect((await call("GET", "/me/policies")).status).toBe(401);
  });

  it("descarga las condiciones particulares, cada recibo, la cotización y el IPID en PDF", async () => {
    const expectPdf = async (path: string, filename: string, opts: { token?: string; owner?: string } = {}) => {
      const file = await download(path, opts);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
      expect(file.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(file.bytes.length).toBeGreaterThan(1500);
    };
    await expectPdf(`/me/policies/${policy.id}/documents/conditions`, `condiciones-particulares-${policy.number}.pdf`, { token: owner.token });
    for (const recibo of policy.recibos) {
      await expectPdf(recibo.documentUrl, `recibo-${policy.number}-${recibo.sequence}.pdf`, { token: owner.token });
    }
    await expectPdf(`/quotes/${quote.id}/document`, `cotizacion-${quote.id.slice(0, 8)}.pdf`, { token: owner.token });
    for (const line of ["auto", "hogar", "alquiler"]) await expectPdf(`/documents/ipid/${line}`, `ipid-${line}.pdf`);

    const anonymous = await createQuote("auto", AUTO);
    await expectPdf(`/quotes/${anonymous.id}/document`, `cotizacion-${anonymous.id.slice(0, 8)}.pdf`, { owner: anonymous.ownerToken });
  });

  it("da 404 a los documentos de otra persona y a los que no existen", async () => {
    for (const [path, token] of [
      [`/me/policies/${policy.id}/documents/conditions`, stranger.token],
      [`/me/policies/${policy.id}/recibos/1/document`, stranger.token],
      [`/me/policies/${policy.id}/recibos/99/document`, owner.token],
      [`/me/policies/${policy.id}/recibos/x/document`, owner.token],
      [`/quotes/${quote.id}/document`, stranger.token],
      [`/quotes/${quote.id}/document`, undefined],
      ["/documents/ipid/vida", undefined],
    ] as const) {
      const file = await download(path, { token });
      expect(file.status, path).toBe(404);
      expect(file.headers.get("content-type")).toContain("application/json");
    }
  });
});
