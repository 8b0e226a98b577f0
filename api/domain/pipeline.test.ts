import { describe, expect, it } from "vitest";
import { canReassignLead, canWorkLead, duplicateKey, isStaleLead, missingFields, moveEffects, moveRefusal, phoneKey } from "./pipeline";

const comercial = { id: 7, permissions: { "pipeline:read": true, "pipeline:write": true } };
const gestor = { id: 9, permissions: { "pipeline:read": true, "pipeline:write": true, "pipeline:write:any": true } };
const reader = { id: 3, permissions: { "pipeline:read": true } };

describe("quién trabaja una oportunidad", () => {
  it("pipeline:write: la propia y la sin comercial, abiertas; pipeline:write:any: cualquiera", () => {
    expect(canWorkLead(comercial, { stage: "nuevo", assignedAdminId: 7 })).toBe(true);
    expect(canWorkLead(comercial, { stage: "nuevo", assignedAdminId: null })).toBe(true);
    expect(canWorkLead(comercial, { stage: "nuevo", assignedAdminId: 8 })).toBe(false);
    expect(canWorkLead(comercial, { stage: "ganado", assignedAdminId: 7 })).toBe(false);
    expect(canWorkLead(gestor, { stage: "perdido", assignedAdminId: 8 })).toBe(true);
    expect(canWorkLead(reader, { stage: "nuevo", assignedAdminId: null })).toBe(false);
    expect(canReassignLead(comercial)).toBe(false);
    expect(canReassignLead(gestor)).toBe(true);
  });

  it("perdido pide un motivo; mover una sin comercial se la queda; cerrar anota cuándo", () => {
    const free = { stage: "contactado" as const, assignedAdminId: null };
    expect(moveRefusal(comercial, free, { stage: "perdido" })).toBe("lost_reason");
    expect(moveRefusal(comercial, free, { stage: "perdido", lostReason: "precio" })).toBeNull();
    expect(moveRefusal(comercial, free, { stage: "contactado" })).toBe("same_stage");
    expect(moveRefusal(comercial, { stage: "nuevo", assignedAdminId: 8 }, { stage: "contactado" })).toBe("forbidden");
    const now = new Date("2026-03-10T10:00:00Z");
    expect(moveEffects(comercial, free, { stage: "ganado" }, now)).toEqual({ assignedAdminId: 7, lostReason: null, closedAt: now });
    expect(moveEffects(gestor, { stage: "perdido", assignedAdminId: 8 }, { stage: "nuevo" }, now)).toEqual({
      assignedAdminId: 8,
      lostReason: null,
      closedAt: null,
    });
  });
});

describe("parada y duplicados", () => {
  it("abierta y sin actividad más días de los del ajuste; una cerrada nunca", () => {
    const now = new Date("2026-03-10T10:00:00Z");
    expect(isStaleLead({ stage: "nuevo", lastActivityAt: new Date("2026-03-03T09:59:00Z") }, now, 7)).toBe(true);
    expect(isStaleLead({ stage: "nuevo", lastActivityAt: new Date("2026-03-03T10:01:00Z") }, now, 7)).toBe(false);
    expect(isStaleLead({ stage: "ganado", lastActivityAt: new Date("2026-01-01T00:00:00Z") }, now, 7)).toBe(false);
  });

  it("el teléfono sin separadores ni prefijo español, el correo en minúsculas", () => {
    expect(phoneKey("+34 600 12 34 56")).toBe("600123456");
    expect(phoneKey("0034-600.123.456")).toBe("600123456");
    expect(phoneKey("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneKey("  ")).toBeNull();
    expect(duplicateKey({ lineCode: "auto", email: " Ana@Example.COM ", phone: null })).toEqual({
      lineCode: "auto",
      email: "ana@example.com",
      phone: null,
    });
  });

  it("unir rellena solo lo que falta", () => {
    expect(
      missingFields<Record<string, unknown>>({ email: "a@b.es", phone: null, notes: "" }, { email: "c@d.es", phone: "600123456", notes: "Hola" }),
    ).toEqual({
      phone: "600123456",
      notes: "Hola",
    });
  });
});
