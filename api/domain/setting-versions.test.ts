import { describe, expect, it } from "vitest";
import { scheduledVersions, versionInForce, versionStatus } from "./setting-versions";

const v = (id: number, effectiveFrom: string, withdrawnAt: Date | null = null) => ({ id, effectiveFrom, withdrawnAt });

describe("versionInForce", () => {
  const versions = [v(1, "2000-01-01"), v(2, "2026-06-01"), v(3, "2026-09-01")];

  it("el día de efecto ya aplica la versión nueva; el día antes, la anterior", () => {
    expect(versionInForce(versions, "2026-05-31")?.id).toBe(1);
    expect(versionInForce(versions, "2026-06-01")?.id).toBe(2);
    expect(versionInForce(versions, "2026-08-31")?.id).toBe(2);
    expect(versionInForce(versions, "2026-09-01")?.id).toBe(3);
  });

  it("de dos versiones del mismo día gana la posterior; una retirada no cuenta nunca", () => {
    expect(versionInForce([...versions, v(4, "2026-06-01")], "2026-06-01")?.id).toBe(4);
    expect(versionInForce([v(1, "2000-01-01"), v(2, "2026-06-01", new Date())], "2026-07-01")?.id).toBe(1);
  });

  it("antes de toda versión no hay valor", () => {
    expect(versionInForce(versions, "1999-12-31")).toBeNull();
    expect(versionInForce([], "2026-01-01")).toBeNull();
  });
});

describe("scheduledVersions y versionStatus", () => {
  it("lista los cambios programados, el más próximo primero, sin los retirados, y nombra el estado de cada versión", () => {
    const versions = [v(1, "2000-01-01"), v(3, "2026-09-01"), v(2, "2026-06-01"), v(4, "2026-07-01", new Date())];
    expect(scheduledVersions(versions, "2026-05-31").map((x) => x.id)).toEqual([2, 3]);
    expect(scheduledVersions(versions, "2026-06-01").map((x) => x.id)).toEqual([3]);
    const inForce = versionInForce(versions, "2026-06-15");
    expect(versions.map((x) => versionStatus(x, inForce, "2026-06-15"))).toEqual(["anterior", "programado", "vigente", "retirado"]);
  });
});
