import { describe, expect, it } from "vitest";
import { CLAIM_STATUSES, type ClaimStatus } from "../contract/claim-vocabulary";
import { checkClaimTransition } from "./claim-status";

// The path: abierto → en revisión → peritación → aceptado | rechazado → pagado → cerrado (and reabierto).
const ALLOWED = new Set([
  "abierto>en_revision",
  "abierto>rechazado",
  "en_revision>peritacion",
  "en_revision>aceptado",
  "en_revision>rechazado",
  "peritacion>en_revision",
  "peritacion>aceptado",
  "peritacion>rechazado",
  "aceptado>pagado",
  "aceptado>cerrado",
  "rechazado>cerrado",
  "rechazado>reabierto",
  "pagado>cerrado",
  "cerrado>reabierto",
  "reabierto>en_revision",
  "reabierto>peritacion",
  "reabierto>aceptado",
  "reabierto>rechazado",
]);

describe("la máquina de estados de un siniestro", () => {
  it.each(CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.map((to) => [from, to] as [ClaimStatus, ClaimStatus])))("%s → %s", (from, to) => {
    const outcome = checkClaimTransition(from, to);
    expect(outcome.ok).toBe(ALLOWED.has(`${from}>${to}`));
    if (!outcome.ok) expect(outcome.message).toMatch(/^(El siniestro ya está|Un siniestro .+ no puede pasar a)/);
  });

  it("no se paga lo que no se ha aceptado, y explica adónde puede ir", () => {
    expect(checkClaimTransition("en_revision", "pagado")).toEqual({
      ok: false,
      message: "Un siniestro en revisión no puede pasar a pagado; puede pasar a: en peritación, aceptado, rechazado",
    });
  });
});
