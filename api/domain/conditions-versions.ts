// The versions of a policy's particular conditions: version 1 is the contract as issued, and
// each suplemento (endorsement) makes the next one. Every version stays downloadable: it is
// rendered on demand from the policy as it stood then (its guarantees without those added later,
// its recibos without the later suplementos'). Pure: takes the read model, returns values.

type Versioned = {
  startDate: string;
  guarantees: ReadonlyArray<{ code: string }>;
  recibos: ReadonlyArray<{ sequence: number }>;
  endorsements: ReadonlyArray<{ version: number; effectiveDate: string; guarantees: ReadonlyArray<{ code: string }>; reciboSequence: number | null }>;
};

export type ConditionsVersion = { version: number; since: string; current: boolean };

export function conditionsVersions(p: Versioned): ConditionsVersion[] {
  const last = p.endorsements.length + 1;
  return [
    { version: 1, since: p.startDate, current: last === 1 },
    ...p.endorsements.map((e) => ({ version: e.version, since: e.effectiveDate, current: e.version === last })),
  ];
}

/** The latest version of the conditions (1 + the number of suplementos). */
export const currentConditionsVersion = (p: Pick<Versioned, "endorsements">) => p.endorsements.length + 1;

/** The policy as version `version` of its conditions reads it; null for a version that does not exist. */
export function policyAsOfVersion<P extends Versioned>(p: P, version: number): P | null {
  if (!Number.isSafeInteger(version) || version < 1 || version > currentConditionsVersion(p)) return null;
  const later = p.endorsements.filter((e) => e.version > version);
  const laterCodes = new Set(later.flatMap((e) => e.guarantees.map((g) => g.code)));
  const laterRecibos = new Set(later.map((e) => e.reciboSequence).filter((s): s is number => s !== null));
  return {
    ...p,
    guarantees: p.guarantees.filter((g) => !laterCodes.has(g.code)),
    recibos: p.recibos.filter((r) => !laterRecibos.has(r.sequence)),
    endorsements: p.endorsements.filter((e) => e.version <= version),
  };
}
