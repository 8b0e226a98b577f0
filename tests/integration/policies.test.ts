// The visitor's policies and their documents over real HTTP against a fresh database
// (/me/policies, a page of summaries, and /me/policies/{id}; recibos, quote and IPID PDFs):
// someone else's policy or document gives 404.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { policies } from "../../api/db/schema";
import {
  call,
  checkout,
  checkoutBody,
  createQuote,
  database,
  download,
  NOT_FOUND_POLICY,
  registerVisitor,
  setUpCheckoutApi,
  type Policy,
  type Quote,
} from "../support/checkout";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

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
    const answer = await checkout(quote.id, checkoutBody(owner.nif, { plan: "premium", frequency: "trimestral" }, "hogar"), owner.token);
    expect(answer.status).toBe(201);
    policy = answer.body as unknown as Policy;
  });

  it("lista las pólizas del visitante como resúmenes y muestra una entera; la de otra persona da 404", async () => {
    const list = await call("GET", "/me/policies", { token: owner.token });
    expect(list.status).toBe(200);
    // A summary: no guarantees, no recibo list, no documents; the next recibo still to be charged.
    expect(list.body).toEqual({
      items: [
        {
          id: policy.id,
          number: policy.number,
          line: "hogar",
          lineName: "Seguro de hogar",
          status: policy.status,
          plan: { code: "premium", name: policy.plan.name },
          startDate: policy.startDate,
          endDate: policy.endDate,
          frequency: "trimestral",
          premiumTotal: policy.premium.total,
          createdAt: expect.any(String),
          nextRecibo: { sequence: 2, dueDate: policy.recibos[1]!.dueDate, amount: policy.recibos[1]!.amount },
        },
      ],
      total: 1,
      totalCapped: false,
      page: 1,
      pageSize: 20,
    });
    const one = await call("GET", `/me/policies/${policy.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    // The checkout's answer, and what the customer may do with it today (tests/integration/my-policy-actions.test.ts).
    expect(one.body).toEqual({
      ...policy,
      lifecycle: {
        withdrawal: { possible: true, refusal: null, refundCents: policy.recibos[0]!.amount },
        renewal: { stopped: null, stopUntil: "2027-02-11", possible: true, refusal: null },
        cancellation: null,
      },
      // The optional guarantees its plan offers and it lacks (tests/integration/endorsements.test.ts).
      addableGuarantees: 1,
      // Nothing to pay today: recibo 1 was paid at the sale, the next is not due yet.
      payNow: [],
      // This server sends no e-mail (no SMTP): no page may say one was sent.
      emailTo: null,
    });

    expect((await call("GET", "/me/policies", { token: stranger.token })).body).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 20,
    });
    for (const path of [`/me/policies/${policy.id}`, "/me/policies/999999", "/me/policies/abc"]) {
      const answer = await call("GET", path, { token: stranger.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND_POLICY);
    }
    expect((await call("GET", "/me/policies")).status).toBe(401);
  });

  it("pagina las pólizas de la más reciente a la más antigua y rechaza una página no válida", async () => {
    const visitor = await registerVisitor();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await createQuote("auto", AUTO, visitor.token);
      const answer = await checkout(q.id, checkoutBody(visitor.nif), visitor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      numbers.unshift((answer.body as unknown as Policy).number);
    }
    const page1 = await call("GET", "/me/policies?page=1&pageSize=2", { token: visitor.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect((page1.body.items as Policy[]).map((p) => p.number)).toEqual(numbers.slice(0, 2));
    const page2 = await call("GET", "/me/policies?page=2&pageSize=2", { token: visitor.token });
    // The last page, not full: its total is the rows skipped and those it holds, without a count.
    expect(page2.body).toMatchObject({ total: 3, totalCapped: false, page: 2, pageSize: 2 });
    expect((page2.body.items as Policy[]).map((p) => p.number)).toEqual(numbers.slice(2));
    // Paid once a year and already charged: nothing pending.
    expect((page2.body.items as Array<{ nextRecibo: unknown }>)[0]!.nextRecibo).toBeNull();
    expect((await call("GET", "/me/policies?page=3&pageSize=2", { token: visitor.token })).body).toEqual({
      items: [],
      total: 3,
      totalCapped: false,
      page: 3,
      pageSize: 2,
    });

    // Past the reachable rows (MAX_LIST_OFFSET) too.
    for (const query of ["page=0", "page=abc", "pageSize=101", "pageSize=0", "page=501&pageSize=20"]) {
      const answer = await call("GET", `/me/policies?${query}`, { token: visitor.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toEqual(expect.any(String));
    }
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

describe("una póliza de alquiler de antes de ADR 023", () => {
  it("se lee con los meses de su plan, no con los que preguntaba el formulario", async () => {
    const owner = await registerVisitor();
    const quote = await createQuote("alquiler", ALQUILER, owner.token);
    const answer = await checkout(quote.id, checkoutBody(owner.nif, { plan: "meses_6" }, "alquiler"), owner.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = (answer.body as unknown as Policy).id;
    // As stored when the form still asked "Meses de renta impagada" and offered every plan anyway.
    const [row] = await database.db.select({ risk: policies.risk }).from(policies).where(eq(policies.id, id));
    await database.db
      .update(policies)
      .set({ risk: { ...row!.risk, months: 12 } })
      .where(eq(policies.id, id));

    const read = await call("GET", `/me/policies/${id}`, { token: owner.token });
    const policy = read.body as unknown as Policy & { riskDescription: { rows: { label: string; value: string }[] } };
    expect(policy.plan.name).toBe("6 meses");
    expect(policy.riskDescription.rows.map((r) => r.label)).not.toContain("Meses de renta cubiertos");
    expect(policy.riskDescription.rows.map((r) => r.value).join(" ")).not.toMatch(/12 meses/);
  });
});
