// The start date the customer chooses at checkout, over real HTTP against a fresh database:
// tomorrow by default, up to 60 days ahead; it sets the expiry, the recibos, the email and the PDF.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails, policies, recibos } from "../../api/db/schema";
import {
  checkout,
  checkoutBody,
  createQuote,
  database,
  download,
  registerVisitor,
  setUpCheckoutApi,
  START,
  tableCounts,
  TOMORROW,
  type Policy,
} from "../support/checkout";
import { pdfText } from "../support/pdf-text";
import { AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();

describe("la fecha de efecto", () => {
  it("por defecto es mañana; la elegida fija el vencimiento, los recibos, el correo y el PDF", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const answer = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { plan: "completo", frequency: "semestral", startDate: "2026-04-15" }, "hogar"),
      visitor.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    // Paid today, in force from the chosen day (cover begins then); desistimiento counts from the contract.
    expect(policy).toMatchObject({
      status: "en_vigor",
      startDate: "2026-04-15",
      endDate: "2027-04-15",
      withdrawal: { allowed: true, until: "2026-03-24" },
    });
    expect(policy.recibos.map((r) => [r.dueDate, r.status])).toEqual([
      ["2026-04-15", "cobrado"],
      ["2026-10-15", "pendiente"],
    ]);
    expect(policy.recibos[0]!.paidAt).toBe(START.toISOString());
    const [row] = await database.db
      .select({ startDate: policies.startDate, endDate: policies.endDate })
      .from(policies)
      .where(eq(policies.id, policy.id));
    expect(row).toEqual({ startDate: "2026-04-15", endDate: "2027-04-15" });
    const dues = await database.db
      .select({ dueDate: recibos.dueDate })
      .from(recibos)
      .where(eq(recibos.policyId, policy.id))
      .orderBy(recibos.sequence);
    expect(dues.map((r) => r.dueDate)).toEqual(["2026-04-15", "2026-10-15"]);
    const [email] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email!.body).toContain("le cubre desde el 15/04/2026 a las 00:00 h");
    expect(email!.body).toContain("Fecha de vencimiento: 15/04/2027");
    const conditions = await download(`/me/policies/${policy.id}/documents/conditions`, { token: visitor.token });
    expect(conditions.status).toBe(200);
    const text = pdfText(conditions.bytes);
    expect(text).toContain("15/04/2026 a las 00:00 h");
    expect(text).toContain("15/04/2027 a las 00:00 h");
    expect(text).toContain("Dirección de la vivienda");
    expect(text).toContain("Calle de la Paz 3, 2.º A, 46001 Valencia");
  });

  it("acepta de mañana a 60 días después de hoy y responde 400 con el motivo fuera de ese plazo", async () => {
    const visitor = await registerVisitor();
    const cases: Array<[string, string | null]> = [
      ["2026-03-01", "La fecha de efecto debe ser a partir de mañana"],
      ["2026-03-10", "La fecha de efecto debe ser a partir de mañana"],
      ["2026-05-10", "La fecha de efecto no puede ser posterior a 60 días desde hoy"],
      ["2026-13-01", "Introduzca una fecha de efecto válida (dd/mm/aaaa)"],
    ];
    const quote = await createQuote("auto", AUTO, visitor.token);
    const before = await tableCounts();
    for (const [startDate, message] of cases) {
      const answer = await checkout(quote.id, checkoutBody(visitor.nif, { startDate }), visitor.token);
      expect(answer.status, startDate).toBe(400);
      expect(answer.body.fieldErrors, startDate).toEqual({ startDate: [message] });
    }
    expect(await tableCounts()).toEqual(before);
    for (const startDate of [TOMORROW, "2026-05-09"]) {
      const q = await createQuote("auto", AUTO, visitor.token);
      const answer = await checkout(q.id, checkoutBody(visitor.nif, { startDate }), visitor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect((answer.body as unknown as Policy).startDate).toBe(startDate);
    }
  });
});
