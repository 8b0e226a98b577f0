// "Quiero que me llamen" (POST /quotes/{id}/callback, issue 23): validated with the visitor's
// messages, the consent required, someone else's quote refused like a missing one; the lead
// llamada_solicitada with its slot and consent, and the visitor's e-mail queued with it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails, pipelineLeadQuotes, pipelineLeads } from "../../api/db/schema";
import { call, database, json, setUpAdminApi, unique } from "../support/admin-api";
import { AUTO } from "../support/quote-inputs";

setUpAdminApi();

async function visitorWithQuote() {
  const email = `${unique("llamada")}@example.com`;
  const { token } = await json<{ token: string }>("post", "/auth/register", {
    body: { name: "Marta Gil", email, password: "Gazpacho-andaluz-2026" },
    status: 201,
  });
  const { id } = await json<{ id: string }>("post", "/quotes", { token, body: { line: "auto", inputs: AUTO }, status: 201 });
  return { token, email, quoteId: id };
}

describe("Quiero que me llamen", () => {
  it("pide un teléfono español, una franja y el consentimiento, con mensajes de usted", async () => {
    const v = await visitorWithQuote();
    const answer = await json<{ fields: Record<string, string[]> }>("post", `/quotes/${v.quoteId}/callback`, {
      token: v.token,
      body: { name: "Marta", phone: "+44 20 7946 0958", slot: "noche", consent: false },
      status: 400,
    });
    const text = JSON.stringify(answer);
    expect(text).toContain("Escriba un teléfono español válido");
    expect(text).toContain("Elija cuándo prefiere que le llamemos");
    expect(text).toContain("Marque la casilla para que podamos llamarle");
  });

  it("la cotización de otra persona responde 404, como si no existiera", async () => {
    const mine = await visitorWithQuote();
    const other = await visitorWithQuote();
    const response = await call("post", `/quotes/${mine.quoteId}/callback`, {
      token: other.token,
      body: { name: "Otro", phone: "600123456", slot: "tarde", consent: true },
    });
    expect(response.status).toBe(404);
    expect(await database.db.select().from(pipelineLeadQuotes).where(eq(pipelineLeadQuotes.quoteId, mine.quoteId))).toEqual([]);
  });

  it("crea la oportunidad en Nuevo con la franja y el consentimiento, y envía el correo llamada-solicitada", async () => {
    const v = await visitorWithQuote();
    const answer = await json("post", `/quotes/${v.quoteId}/callback`, {
      token: v.token,
      body: { name: "Marta Gil", phone: "611 22 33 44", slot: "manana", consent: true },
      status: 201,
    });
    expect(answer).toEqual({ slot: "manana" });
    const [held] = await database.db.select().from(pipelineLeadQuotes).where(eq(pipelineLeadQuotes.quoteId, v.quoteId));
    const [lead] = await database.db.select().from(pipelineLeads).where(eq(pipelineLeads.id, held!.leadId));
    expect(lead).toMatchObject({
      source: "llamada_solicitada",
      stage: "nuevo",
      phone: "611223344",
      email: v.email,
      callbackSlot: "manana",
      lineCode: "auto",
    });
    expect(lead!.callbackConsentAt).toBeInstanceOf(Date);
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, v.email), eq(outboxEmails.template, "llamada-solicitada")));
    expect(mail!.subject).toBe("Le llamaremos pronto");
    expect(mail!.body).toContain("le llamaremos al 611 22 33 44 por la mañana (9:00–13:00)");
  });
});
