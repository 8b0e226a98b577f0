// E-mail templates over real HTTP (ADR 040): a saved version changes the next policy's
// confirmation e-mail, going back to the default writes a version equal to it, the refusals name
// the placeholder, the preview uses a real policy and the unsaved text, the test send goes to the
// staff member with "[Prueba] ", and email:read / email:write guard it all. Every save is audited.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { htmlWords, textWords } from "../support/mail-content";
import { adminWith, auditRows, call, database, FORBIDDEN, json, setUpAdminApi, superToken, unique } from "../support/admin-api";
import { checkoutBody } from "../support/checkout";
import { TEST_ADMIN_EMAIL } from "../support/db";
import { AUTO } from "../support/quote-inputs";

setUpAdminApi();

type Detail = {
  key: string;
  version: number;
  custom: boolean;
  subject: string;
  text: string;
  html: string;
  history: { version: number; who: string; note: string | null }[];
};
type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

let nifs = 0;
const nextNif = () => {
  const digits = String(73_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

/** Sells a car policy by phone and answers its number and the confirmation e-mail queued with it. */
async function sellPolicy() {
  const quote = await json<{ id: string }>("post", "/admin/policies/quotes", {
    token: superToken,
    body: { line: "auto", inputs: AUTO },
    status: 201,
  });
  const policy = await json<{ id: number; number: string }>("post", "/admin/policies", {
    token: superToken,
    body: { quoteId: quote.id, email: `${unique("plantilla")}@example.com`, ...checkoutBody(nextNif()) },
    status: 201,
  });
  const [email] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.policyId, policy.id)).orderBy(desc(outboxEmails.id));
  return { policy, email: email! };
}

const KEY = "confirmacion-poliza";
const get = (key = KEY, token = superToken) => json<Detail>("get", `/admin/email/templates/${key}`, { token, status: 200 });
const save = (body: Record<string, unknown>, key = KEY, token = superToken) =>
  call("post", `/admin/email/templates/${key}/versions`, { token, body });

describe("plantillas de correo", () => {
  it("sin cambios, la confirmación sale con el texto por defecto; una versión guardada cambia la de la póliza siguiente, y volver al defecto la restablece", async () => {
    const before = await sellPolicy();
    expect(before.email.template).toBe(KEY);
    expect(before.email.subject).toBe(`Su póliza ${before.policy.number}: Seguro de coche`);
    expect(before.email.body).toContain(`Número de póliza: ${before.policy.number}`);

    const current = await get();
    const edited = {
      subject: "Bienvenido: póliza {{numero_poliza}}",
      text: current.text.replace("Gracias por contratar", "Muchas gracias por confiar en nosotros y contratar"),
      html: current.html.replace("Gracias por contratar", "<strong>Muchas gracias</strong> por confiar en nosotros y contratar"),
      note: "Tono más cálido",
    };
    const response = await save(edited);
    expect(response.status, await response.clone().text()).toBe(201);
    const saved = (await response.json()) as Detail;
    expect(saved).toMatchObject({ custom: true, version: saved.history[0]!.version, subject: edited.subject });
    expect(saved.history[0]).toMatchObject({ who: TEST_ADMIN_EMAIL, note: "Tono más cálido" });
    const [audit] = await auditRows("email_template.saved", KEY);
    expect(audit).toMatchObject({ before: { subject: current.subject }, after: { subject: edited.subject, note: "Tono más cálido" } });

    const after = await sellPolicy();
    expect(after.email.subject).toBe(`Bienvenido: póliza ${after.policy.number}`);
    expect(after.email.body).toContain("Muchas gracias por confiar en nosotros y contratar su seguro de coche");
    expect(after.email.html).toContain("<strong>Muchas gracias</strong> por confiar en nosotros");
    expect(after.email.body).toMatch(/Inscrita en el Registro de distribuidores de seguros de la DGSFP/);
    // The message already queued keeps its text.
    const [old] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, before.email.id));
    expect(old!.body).toContain("Gracias por contratar");

    const reset = await json<Detail>("post", `/admin/email/templates/${KEY}/reset`, { token: superToken, status: 201 });
    expect(reset.version).toBe(saved.version + 1);
    expect(reset.history.map((v) => v.version).slice(0, 2)).toEqual([saved.version + 1, saved.version]);
    expect(reset.subject).toBe("Su póliza {{numero_poliza}}: {{ramo_titulo}}");
    const again = await sellPolicy();
    expect(again.email.subject).toBe(`Su póliza ${again.policy.number}: Seguro de coche`);
    expect(again.email.body).toBe(before.email.body.replaceAll(before.policy.number, again.policy.number));
    expect(htmlWords(again.email.html!)).toEqual(textWords(again.email.body));
    expect(await auditRows("email_template.reset", KEY)).toHaveLength(1);
  });

  it("rechaza una variable que no existe, una obligatoria que falta, llaves sin cerrar y HTML no permitido, nombrando el problema", async () => {
    const current = await get();
    const check = async (body: Record<string, unknown>, field: string, message: RegExp) => {
      const response = await save({ subject: current.subject, text: current.text, html: current.html, ...body });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as ErrorBody;
      expect(answer.fieldErrors?.[field]?.join(" ")).toMatch(message);
    };
    await check({ text: `${current.text} {{numero_polisa}}` }, "text", /La variable \{\{numero_polisa\}\} no existe en esta plantilla/);
    await check({ text: "Hola, {{nombre_tomador}}" }, "text", /Falta la variable \{\{numero_poliza\}\}/);
    await check({ subject: "Su póliza {{numero_poliza}" }, "subject", /llaves sin cerrar/);
    await check({ html: `${current.html}<script>alert(1)</script>` }, "html", /<script> no está permitida/);
    await check({ html: `${current.html}<a href="javascript:alert(1)">x</a>` }, "html", /javascript:alert\(1\)/);
    await check({ html: `<p onclick="x()">{{numero_poliza}}</p>` }, "html", /atributo onclick/);
    expect((await get()).version).toBe(current.version);
  });

  it("la vista previa usa una póliza real y el texto sin guardar; la prueba va al propio correo con [Prueba]", async () => {
    const { policy } = await sellPolicy();
    const draft = {
      subject: "Prueba {{numero_poliza}}",
      text: "Hola, {{nombre_tomador}}: {{numero_poliza}} & {{plan}}",
      html: "<p>Hola, {{nombre_tomador}}: {{numero_poliza}}</p>",
    };
    const preview = await json<{ subject: string; text: string; html: string; policyNumber: string }>(
      "post",
      `/admin/email/templates/${KEY}/preview`,
      {
        token: superToken,
        body: { ...draft, policyNumber: policy.number },
        status: 200,
      },
    );
    expect(preview).toMatchObject({ subject: `Prueba ${policy.number}`, policyNumber: policy.number });
    expect(preview.text).toContain(`${policy.number} & Terceros`);
    expect(preview.html).toContain(policy.number);
    const missing = await call("post", `/admin/email/templates/${KEY}/preview`, {
      token: superToken,
      body: { ...draft, policyNumber: "COT-1999-000000" },
    });
    expect(missing.status).toBe(400);

    const sent = await json<{ emailId: number; to: string }>("post", `/admin/email/templates/${KEY}/test`, { token: superToken, status: 201 });
    expect(sent.to).toBe(TEST_ADMIN_EMAIL);
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, sent.emailId));
    expect(row).toMatchObject({ to: TEST_ADMIN_EMAIL, template: KEY, status: "pendiente" });
    expect(row!.subject).toMatch(/^\[Prueba\] Su póliza COT-/);
    expect(await auditRows("email_template.test_sent", KEY)).not.toHaveLength(0);
  });

  it("leer pide email:read; guardar, volver al defecto y la prueba piden email:write", async () => {
    const reader = await adminWith({ "email:read": true });
    const nobody = await adminWith({});
    expect((await call("get", "/admin/email/templates", { token: nobody.token })).status).toBe(403);
    expect((await call("get", "/admin/email/templates", { token: reader.token })).status).toBe(200);
    const current = await get("no-renovacion", reader.token);
    const write = [
      await save({ subject: current.subject, text: current.text, html: current.html }, "no-renovacion", reader.token),
      await call("post", "/admin/email/templates/no-renovacion/reset", { token: reader.token }),
      await call("post", "/admin/email/templates/no-renovacion/test", { token: reader.token }),
    ];
    for (const response of write) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
    expect((await call("get", "/admin/email/templates/no-existe", { token: reader.token })).status).toBe(400);
  });
});
