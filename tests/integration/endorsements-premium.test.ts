// The premium and the recibos after suplementos, over real HTTP: «Prima total anual» includes the
// yearly price of the guarantees added (in Mi póliza, the lists, the back office and each version
// of the conditions) while the issued term keeps its prima recibos; a suplemento's recibo covers
// from its effect to the term's last day; migration 0017 backfills the same yearly premium.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { endorsements } from "../../api/db/schema";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { addDays, madridDate } from "../../api/domain/calendar";
import { formatIsoDate, formatMoney } from "../../api/contract/format";
import { premiumComponents } from "../../api/domain/rating";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { pdfText } from "../support/pdf-text";
import { call, database, download, type Policy } from "../support/checkout";
import { buyHogar, endorse, type Endorsement, owner, setUpEndorsements, signIn } from "../support/endorsements";

setUpEndorsements();

describe("la prima y los recibos después de un suplemento", () => {
  type Premium = { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
  type Read = {
    premium: Premium;
    termPremium: Premium;
    endorsements: Array<{ id: number; annualTotal: number | null }>;
    recibos: Array<{ sequence: number; kind: string; dueDate: string; period: { from: string; to: string }; amount: number; paidAt: string | null }>;
    endDate: string;
  };
  let policy: Policy;
  const added: Endorsement[] = [];
  let staffToken: string;

  beforeAll(async () => {
    const token = await signIn(owner);
    policy = await buyHogar({ ...owner, token });
    for (const [code, effectiveDate] of [
      ["hogar_asistencia", "2026-08-01"],
      ["hogar_rotura_cristales", "2026-10-15"],
    ] as const) {
      const answer = await endorse(token, policy.id, { guarantees: [code], effectiveDate });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      added.push(answer.body as unknown as Endorsement);
    }
    staffToken = (
      (await call("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } })).body as { token: string }
    ).token;
  });

  /** The yearly premium once `count` suplementos are in: the issued net plus their yearly prices, surcharges and IPS at the seeded rates. */
  const premiumAfter = (count: number): Premium =>
    premiumComponents({
      netCents: policy.premium.net + added.slice(0, count).reduce((sum, e) => sum + e.guarantees.reduce((s, g) => s + g.yearlyCents, 0), 0),
      frequency: "trimestral",
      consorcioCents: policy.premium.consorcio,
      settings: DEFAULT_SETTINGS,
    });

  it("«Prima total anual» pasa a incluir lo que cuestan al año las garantías añadidas; la anualidad emitida sigue siendo la de sus recibos de prima", async () => {
    const read = (await call("GET", `/me/policies/${policy.id}`, { token: await signIn(owner) })).body as unknown as Read;
    const expected = premiumAfter(2);
    expect(expected.total).toBeGreaterThan(premiumAfter(1).total);
    expect(premiumAfter(1).total).toBeGreaterThan(policy.premium.total);
    expect(read.premium).toEqual(expected);
    expect(read.termPremium).toEqual(policy.premium);
    expect(read.endorsements.map((e) => e.annualTotal)).toEqual([premiumAfter(1).total, premiumAfter(2).total]);
    // The prima recibos of the term still add up to the premium it was issued with; each suplemento has its own.
    expect(read.recibos.filter((r) => r.kind === "prima").reduce((s, r) => s + r.amount, 0)).toBe(policy.premium.total);

    // Every list that shows the policy's "Prima total anual" says the same.
    const mine = (await call("GET", "/me/policies?pageSize=50", { token: await signIn(owner) })).body as unknown as {
      items: Array<{ id: number; premiumTotal: number }>;
    };
    expect(mine.items.find((p) => p.id === policy.id)!.premiumTotal).toBe(expected.total);
    const staff = (await call("GET", `/admin/policies/${policy.id}`, { token: staffToken })).body as unknown as {
      policy: { premium: Premium; termPremium: Premium };
    };
    expect(staff.policy.premium).toEqual(expected);
    const rows = (await call("GET", `/admin/policies?q=${policy.number}`, { token: staffToken })).body as unknown as {
      items: Array<{ id: number; totalPremiumCents: number }>;
    };
    expect(rows.items.find((p) => p.id === policy.id)!.totalPremiumCents).toBe(expected.total);

    // Each version of the conditions states the yearly premium it had: the issued one, then after each suplemento.
    const euros = (cents: number) => formatMoney(cents).replace(/\s*€$/, "");
    const v1 = pdfText((await download(`/me/policies/${policy.id}/documents/conditions?version=1`, { token: await signIn(owner) })).bytes);
    expect(v1).toContain(euros(policy.premium.total));
    expect(v1).not.toContain(euros(expected.total));
    const v3 = pdfText((await download(`/me/policies/${policy.id}/documents/conditions?version=3`, { token: await signIn(owner) })).bytes);
    expect(v3).toContain(euros(expected.total));
  });

  it("el recibo del suplemento cubre desde su efecto hasta el último día de la anualidad, en el back office y en Mi póliza", async () => {
    const read = (await call("GET", `/me/policies/${policy.id}`, { token: await signIn(owner) })).body as unknown as Read;
    const lastDay = addDays(read.endDate, -1);
    const suplementos = read.recibos.filter((r) => r.kind === "suplemento");
    expect(suplementos.map((r) => [r.dueDate, r.period])).toEqual([
      ["2026-08-01", { from: "2026-08-01", to: lastDay }],
      ["2026-10-15", { from: "2026-10-15", to: lastDay }],
    ]);
    // Charged the day it was bought (by card), not on its due date.
    for (const r of suplementos) expect(madridDate(new Date(r.paidAt!))).toBe("2026-04-25");
    // The prima recibos: each its quarter, back to back over the term.
    const primas = read.recibos.filter((r) => r.kind === "prima");
    expect(primas.map((r) => r.period.from)).toEqual(primas.map((r) => r.dueDate));
    primas.slice(1).forEach((r, i) => expect(addDays(primas[i]!.period.to, 1)).toBe(r.period.from));
    expect(primas.at(-1)!.period.to).toBe(lastDay);

    const staff = (await call("GET", `/admin/policies/${policy.id}`, { token: staffToken })).body as unknown as {
      recibos: Array<{ sequence: number; kind: string; period: { from: string; to: string } }>;
    };
    expect(staff.recibos.map((r) => [r.sequence, r.kind, r.period])).toEqual(read.recibos.map((r) => [r.sequence, r.kind, r.period]));
    // And the recibo's PDF, which was right already, says the same.
    const pdf = pdfText(
      (await download(`/me/policies/${policy.id}/recibos/${suplementos[0]!.sequence}/document`, { token: await signIn(owner) })).bytes,
    );
    expect(pdf).toContain(`Del 01/08/2026 al ${formatIsoDate(lastDay)}`);
  });

  it("la migración 0017 da a los suplementos de antes la misma prima anual que calcula el servicio", async () => {
    const rows = await database.db
      .select({ id: endorsements.id, annualPremium: endorsements.annualPremium })
      .from(endorsements)
      .where(eq(endorsements.policyId, policy.id));
    expect(rows.map((r) => r.annualPremium)).toEqual([premiumAfter(1), premiumAfter(2)]);
    await database.db.update(endorsements).set({ annualPremium: null }).where(eq(endorsements.policyId, policy.id));
    const migration = readFileSync(new URL("../../api/db/migrations/0017_endorsement_annual_premium.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint")[1]!;
    // 0017 read the rates from `settings`; migration 0023 moved them to setting_versions (ADR 038).
    // The replay gets the rows it read then, with the values in force now.
    const RATES = ["fractionation_surcharges_bp", "clea_bp", "ips_bp"];
    await database.db.execute(sql`
      insert into settings (key, value)
      select distinct on (key) key, value from setting_versions
       where key in (${sql.join(RATES, sql`, `)}) and withdrawn_at is null and effective_from <= current_date
       order by key, effective_from desc, id desc`);
    await database.db.execute(sql.raw(backfill));
    await database.db.execute(sql`delete from settings where key in (${sql.join(RATES, sql`, `)})`);
    const after = await database.db
      .select({ id: endorsements.id, annualPremium: endorsements.annualPremium })
      .from(endorsements)
      .where(eq(endorsements.policyId, policy.id));
    expect(after).toEqual(rows);
  });
});
