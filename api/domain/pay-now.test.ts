import { describe, expect, it } from "vitest";
import { amountDue, dunningStepDue, PAY_NOW_MESSAGES, payNowRefusal } from "./pay-now";

describe("pagar ahora", () => {
  it("admite el recibo devuelto y el pendiente ya vencido de una póliza en vigor, suspendida o pendiente de pago", () => {
    expect(payNowRefusal("en_vigor", { status: "devuelto", dueDate: "2027-05-01" }, "2027-03-01")).toBeNull();
    expect(payNowRefusal("suspendida", { status: "pendiente", dueDate: "2027-03-01" }, "2027-03-01")).toBeNull();
    expect(payNowRefusal("pendiente_pago", { status: "pendiente", dueDate: "2027-02-01" }, "2027-03-01")).toBeNull();
  });

  it("rechaza con el motivo el recibo cobrado, el anulado, el que aún no vence y el de una póliza anulada", () => {
    expect(payNowRefusal("en_vigor", { status: "cobrado", dueDate: "2027-01-01" }, "2027-03-01")).toBe(PAY_NOW_MESSAGES.paid);
    expect(payNowRefusal("en_vigor", { status: "anulado", dueDate: "2027-01-01" }, "2027-03-01")).toBe(PAY_NOW_MESSAGES.closed);
    expect(payNowRefusal("en_vigor", { status: "remesado", dueDate: "2027-01-01" }, "2027-03-01")).toBe(PAY_NOW_MESSAGES.closed);
    expect(payNowRefusal("en_vigor", { status: "pendiente", dueDate: "2027-03-02" }, "2027-03-01")).toBe(PAY_NOW_MESSAGES.notDue);
    expect(payNowRefusal("anulada", { status: "devuelto", dueDate: "2027-01-01" }, "2027-03-01")).toBe(PAY_NOW_MESSAGES.policy);
  });

  it("suma los gastos de devolución solo a un recibo devuelto", () => {
    expect(amountDue({ amountCents: 12_000, returnFeeCents: 350, status: "devuelto" })).toBe(12_350);
    expect(amountDue({ amountCents: 12_000, returnFeeCents: 350, status: "pendiente" })).toBe(12_000);
  });
});

describe("recordatorios de pago", () => {
  const schedule = [1, 7, 20];
  it("el paso de hoy es el último alcanzado que aún no se envió", () => {
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-01", null)).toBeNull();
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-02", null)).toBe(1);
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-03", 1)).toBeNull();
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-08", 1)).toBe(7);
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-21", 7)).toBe(20);
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-22", 20)).toBeNull();
  });

  it("tras días sin proceso envía solo el último, y no el último con más de una semana de retraso", () => {
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-25", 1)).toBe(20);
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-28", null)).toBe(20);
    expect(dunningStepDue(schedule, "2027-01-01", "2027-01-29", null)).toBeNull();
  });
});
