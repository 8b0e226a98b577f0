import { describe, expect, it } from "vitest";
import { conditionsVersions, policyAsOfVersion } from "./conditions-versions";

const policy = {
  startDate: "2026-03-11",
  guarantees: [{ code: "incendio" }, { code: "robo" }, { code: "joyas" }],
  recibos: [{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }],
  endorsements: [
    { version: 2, effectiveDate: "2026-05-01", guarantees: [{ code: "robo" }], reciboSequence: 2 },
    { version: 3, effectiveDate: "2026-07-01", guarantees: [{ code: "joyas" }], reciboSequence: 3 },
  ],
};

describe("versiones de las condiciones particulares", () => {
  it("la 1 es la póliza emitida y cada suplemento añade una; la última es la vigente", () => {
    expect(conditionsVersions(policy)).toEqual([
      { version: 1, since: "2026-03-11", current: false },
      { version: 2, since: "2026-05-01", current: false },
      { version: 3, since: "2026-07-01", current: true },
    ]);
    expect(conditionsVersions({ ...policy, endorsements: [] })).toEqual([{ version: 1, since: "2026-03-11", current: true }]);
  });

  it("una versión antigua no tiene las garantías ni los recibos de los suplementos posteriores", () => {
    const v1 = policyAsOfVersion(policy, 1)!;
    expect(v1.guarantees.map((g) => g.code)).toEqual(["incendio"]);
    expect(v1.recibos.map((r) => r.sequence)).toEqual([1]);
    expect(v1.endorsements).toEqual([]);
    const v2 = policyAsOfVersion(policy, 2)!;
    expect(v2.guarantees.map((g) => g.code)).toEqual(["incendio", "robo"]);
    expect(v2.endorsements.map((e) => e.version)).toEqual([2]);
    expect(policyAsOfVersion(policy, 3)).toEqual(policy);
  });

  it("una versión que no existe no se lee", () => {
    expect(policyAsOfVersion(policy, 0)).toBeNull();
    expect(policyAsOfVersion(policy, 4)).toBeNull();
    expect(policyAsOfVersion(policy, 1.5)).toBeNull();
  });
});
