// Pieces the line files share: the zone tables built from the provinces' default risk zones.
import type { ZoneTable } from "../../domain/catalogue";
import { PROVINCES } from "../../domain/provinces";

const PROVINCE_ZONES: Record<string, number> = Object.fromEntries(PROVINCES.map((p) => [p.code, p.zone]));

export function zoneTable(title: string, factorsBp: readonly [number, number, number, number, number]): ZoneTable {
  const labels = ["Zona 1 (riesgo bajo)", "Zona 2", "Zona 3", "Zona 4", "Zona 5 (riesgo alto)"];
  return {
    kind: "zone",
    title,
    input: "postalCode",
    provinces: { ...PROVINCE_ZONES },
    zones: factorsBp.map((factorBp, i) => ({ zone: i + 1, label: labels[i]!, factorBp })),
  };
}
