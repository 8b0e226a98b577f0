// The business settings over real HTTP (ADR 038): a change with a future effective date leaves
// today's quotes alone and prices the quotes of its day (the API's clock is moved here), a quote
// keeps its price, documents name the insurer in force on their date, the Spanish 422s, the
// withdrawal of a scheduled change, and settings:read / settings:write.
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { addDays, madridDate } from "../../api/domain/calendar";
import { SEED_ROLE_PERMISSIONS } from "../../api/domain/permissions";
import { renewalNoticeMonthsAt } from "../../api/db/settings.repo";
import { readBackoff } from "../../api/services/mail";
import { adminWith, auditRows, call, database, FORBIDDEN, json, login, setUpAdminApi, superToken } from "../support/admin-api";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { pdfText } from "../support/pdf-text";
import { HOGAR } from "../support/quote-inputs";

let clock = new Date("2026-03-10T09:00:00.000Z"); // 10:00 in Madrid
setUpAdminApi({ now: () => clock });

type Version = { id: number; value: unknown; effectiveFrom: string; status: string; createdBy: string | null; note: string | null };
type Detail = { key: string; value: unknown; since: string; today: string; scheduled: Version[]; history: Version[] };
type Quote = { id: string; ownerToken: string; plans: { code: string; prices: Record<string, { fractionation: number; total: number }> }[] };
type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

const SURCHARGES = DEFAULT_SETTINGS.fractionation_surcharges_bp;
const quote = () => json<Quote>("post", "/quotes", { body: { line: "hogar", inputs: HOGAR }, status: 201 });
const mensual = (q: Quote) => q.plans[0]!.prices.mensual!;
const flat = async (response: Response) => pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, " ");

async function atDay(day: string, hour = "09:00", run: () => Promise<void>) {
  const start = clock;
  clock = new Date(`${day}T${hour}:00.000Z`);
  try {
    await run();
  } finally {
    clock = start;
  }
}

describe("un recargo con fecha de efecto futura", () => {
  it("no cambia las cotizaciones de hoy ni las ya hechas; las de su día en adelante llevan el nuevo", async () => {
    const before = await quote();
    expect(mensual(before).fractionation).toBeGreaterThan(0);
    const effective = addDays(madridDate(clock), 10);
    const scheduled = await json<Detail>("post", "/admin/settings/fractionation_surcharges_bp", {
      token: superToken,
      body: { value: { ...SURCHARGES, mensual: 1400 }, effectiveFrom: effective, note: "Subida del recargo mensual" },
      status: 201,
    });
    expect(scheduled.value).toEqual(SURCHARGES);
    expect(scheduled.scheduled).toEqual([expect.objectContaining({ effectiveFrom: effective, status: "programado", createdBy: TEST_ADMIN_EMAIL })]);
    const [audit] = await auditRows("setting.version_created", "fractionation_surcharges_bp");
    expect(audit).toMatchObject({ before: { value: SURCHARGES }, after: { value: { ...SURCHARGES, mensual: 1400 }, effectiveFrom: effective } });

    const today = await quote();
    expect(mensual(today)).toEqual(mensual(before));

    // The day before (23:59 in Madrid): the old surcharge; on the day itself: the new one, twice the old.
    await atDay(addDays(effective, -1), "22:59", async () => {
      expect(mensual(await quote()).fractionation).toBe(mensual(before).fractionation);
    });
    await atDay(addDays(effective, -1), "23:00", async () => {
      const after = await quote();
      // 14 % instead of 7 %: twice the surcharge, give or take the rounding of a cent.
      expect(Math.abs(mensual(after).fractionation - mensual(before).fractionation * 2)).toBeLessThanOrEqual(1);
      expect(mensual(after).total).toBeGreaterThan(mensual(before).total);
      // The quote made before keeps its price.
      const kept = await json<Quote>("get", `/quotes/${before.id}`, { headers: { "x-quote-owner": before.ownerToken }, status: 200 });
      expect(mensual(kept)).toEqual(mensual(before));
      const token = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
      const now = await json<Detail>("get", "/admin/settings/fractionation_surcharges_bp", { token, status: 200 });
      expect(now.value).toEqual({ ...SURCHARGES, mensual: 1400 });
      expect(now.history.map((v) => v.status)).toEqual(["vigente", "anterior"]);
    });
  });
});

describe("el aviso de renovación (art. 22 LCS)", () => {
  it("se puede adelantar a tres meses, nunca dejar en menos de los dos que pide la ley", async () => {
    const today = madridDate(clock);
    const refused = await call("post", "/admin/settings/renewal_notice_months", { token: superToken, body: { value: 1, effectiveFrom: today } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).fieldErrors).toEqual({
      value: ["Indica un número de meses entre 2 y 6: la ley pide comunicar la renovación con dos meses de antelación como mínimo (art. 22 LCS)"],
    });
    const effective = addDays(today, 1);
    const saved = await json<Detail>("post", "/admin/settings/renewal_notice_months", {
      token: superToken,
      body: { value: 3, effectiveFrom: effective },
      status: 201,
    });
    expect(saved.value).toBe(2);
    expect(await renewalNoticeMonthsAt(database.db, today)).toBe(2);
    expect(await renewalNoticeMonthsAt(database.db, effective)).toBe(3);
  });
});

describe("los documentos nombran la aseguradora y el distribuidor en vigor en su fecha", () => {
  it("el IPID y el precio de hoy, la aseguradora anterior; desde su fecha, la nueva; la cotización de antes conserva el distribuidor de su día", async () => {
    const OTHER = { name: "Aseguradora Cantábrica, S.A.", taxId: "A39000013", dgsfpKey: "C0777", address: "Calle del Muelle 1, 39004 Santander" };
    const before = await quote();
    const effective = addDays(madridDate(clock), 20);
    for (const [key, value] of [
      ["insurers", { ...DEFAULT_SETTINGS.insurers, hogar: OTHER }],
      ["distributor", { ...DEFAULT_SETTINGS.distributor, distributorName: "Cotiza Seguros Nueva, S.L." }],
    ] as const)
      await json("post", `/admin/settings/${key}`, { token: superToken, body: { value, effectiveFrom: effective }, status: 201 });
    const price = (q: Quote) =>
      json<{ insurer: { name: string } }>("post", `/quotes/${q.id}/price`, {
        headers: { "x-quote-owner": q.ownerToken },
        body: { plan: "basico", frequency: "anual" },
        status: 200,
      });
    expect(await flat(await call("get", "/documents/ipid/hogar"))).toContain(DEFAULT_SETTINGS.insurers.hogar.name);
    expect((await price(before)).insurer.name).toBe(DEFAULT_SETTINGS.insurers.hogar.name);
    await atDay(effective, "09:00", async () => {
      const ipid = await flat(await call("get", "/documents/ipid/hogar"));
      expect(ipid).toContain(OTHER.name);
      expect(ipid).toContain("clave DGSFP C0777");
      const oldQuote = await flat(await call("get", `/quotes/${before.id}/document`, { headers: { "x-quote-owner": before.ownerToken } }));
      expect(oldQuote).toContain(DEFAULT_SETTINGS.distributor.distributorName);
      expect(oldQuote).not.toContain("Cotiza Seguros Nueva");
      const newQuote = await quote();
      expect(await flat(await call("get", `/quotes/${newQuote.id}/document`, { headers: { "x-quote-owner": newQuote.ownerToken } }))).toContain(
        "Cotiza Seguros Nueva, S.L.",
      );
      expect((await price(newQuote)).insurer).toEqual(OTHER);
    });
  });
});

describe("valores no válidos", () => {
  it("un porcentaje negativo, un nombre vacío, un NIF o una clave DGSFP mal escritos o una fecha pasada: 422 con el mensaje de cada campo, y nada escrito", async () => {
    const today = madridDate(clock);
    const negative = await json<ErrorBody>("post", "/admin/settings/clea_bp", {
      token: superToken,
      body: { value: -5, effectiveFrom: today },
      status: 422,
    });
    expect(negative.fieldErrors).toEqual({ value: ["Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)"] });
    const insurers = { ...DEFAULT_SETTINGS.insurers, auto: { name: " ", taxId: "A28645316", dgsfpKey: "X1", address: "Calle 1" } };
    const bad = await json<ErrorBody>("post", "/admin/settings/insurers", {
      token: superToken,
      body: { value: insurers, effectiveFrom: addDays(today, -1) },
      status: 422,
    });
    expect(Object.keys(bad.fieldErrors!).sort()).toEqual(["auto_dgsfpKey", "auto_name", "auto_taxId", "effectiveFrom"]);
    expect(bad.fieldErrors!.effectiveFrom).toEqual(["La fecha de efecto no puede ser anterior a hoy"]);
    expect(bad.fieldErrors!.auto_taxId).toEqual(["Introduzca un NIF de empresa válido (por ejemplo, B12345674)"]);
    expect((await json<Detail>("get", "/admin/settings/clea_bp", { token: superToken, status: 200 })).history).toHaveLength(1);
    expect((await call("get", "/admin/settings/no_existe", { token: superToken })).status).toBe(404);
  });
});

describe("retirar un cambio programado", () => {
  it("se retira uno que no ha empezado (queda en el historial como retirado); uno en vigor no", async () => {
    const today = madridDate(clock);
    const future = await json<Detail>("post", "/admin/settings/quote_validity_days", {
      token: superToken,
      body: { value: 30, effectiveFrom: addDays(today, 5) },
      status: 201,
    });
    const id = future.scheduled[0]!.id;
    const after = await json<Detail>("delete", `/admin/settings/quote_validity_days/versions/${id}`, { token: superToken, status: 200 });
    expect(after.scheduled).toEqual([]);
    expect(after.history.find((v) => v.id === id)?.status).toBe("retirado");
    expect((await auditRows("setting.version_withdrawn", "quote_validity_days")).length).toBe(1);
    await atDay(addDays(today, 6), "09:00", async () => {
      const token = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
      expect((await json<Detail>("get", "/admin/settings/quote_validity_days", { token, status: 200 })).value).toBe(15);
    });
    const again = await json<ErrorBody>("delete", `/admin/settings/quote_validity_days/versions/${id}`, { token: superToken, status: 409 });
    expect(again.error).toBe("Esta versión ya se retiró");
    const inForce = after.history.find((v) => v.status === "vigente")!.id;
    const refused = await json<ErrorBody>("delete", `/admin/settings/quote_validity_days/versions/${inForce}`, { token: superToken, status: 409 });
    expect(refused.error).toMatch(/ya está en vigor/);
  });
});

describe("los reintentos del correo (email_retry)", () => {
  it("el trabajador de la bandeja de salida lee la espera en vigor en cada pasada, desde la fecha de efecto", async () => {
    expect(await readBackoff(database.db, clock)).toEqual({ baseMs: 60_000, maxMs: 21_600_000 });
    const effective = addDays(madridDate(clock), 3);
    await json("post", "/admin/settings/email_retry", {
      token: superToken,
      body: { value: { baseSeconds: 30, maxSeconds: 600 }, effectiveFrom: effective },
      status: 201,
    });
    expect(await readBackoff(database.db, clock)).toEqual({ baseMs: 60_000, maxMs: 21_600_000 });
    expect(await readBackoff(database.db, new Date(`${effective}T09:00:00.000Z`))).toEqual({ baseMs: 30_000, maxMs: 600_000 });
  });
});

describe("permisos", () => {
  it("un auditor (settings:read) lee pero no cambia; un comercial (sin settings) ni lee", async () => {
    const auditor = await adminWith(SEED_ROLE_PERMISSIONS.auditor);
    const overview = await json<{ settings: { key: string }[] }>("get", "/admin/settings", { token: auditor.token, status: 200 });
    expect(overview.settings.map((s) => s.key)).toContain("email_retry");
    expect(
      await json("post", "/admin/settings/clea_bp", { token: auditor.token, body: { value: 20, effectiveFrom: madridDate(clock) }, status: 403 }),
    ).toEqual(FORBIDDEN);
    const comercial = await adminWith(SEED_ROLE_PERMISSIONS.comercial);
    expect((await call("get", "/admin/settings", { token: comercial.token })).status).toBe(403);
    expect((await call("get", "/admin/settings/clea_bp", { token: comercial.token })).status).toBe(403);
  });
});
