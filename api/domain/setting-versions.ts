// Which version of a business setting applies on a day (ADR 038). Pure: the day is given.

export type DatedVersion = {
  id: number;
  /** The first Madrid calendar day it applies to (aaaa-mm-dd). */
  effectiveFrom: string;
  /** Set when it was withdrawn before it started: it never applies. */
  withdrawnAt?: Date | string | null;
};

/**
 * The version in force on `day` (aaaa-mm-dd): the latest `effectiveFrom` on or before it, and of two
 * dated the same day the later one (higher id). Withdrawn versions never count. Null when none has
 * started by that day.
 */
export function versionInForce<V extends DatedVersion>(versions: readonly V[], day: string): V | null {
  let chosen: V | null = null;
  for (const v of versions) {
    if (v.withdrawnAt || v.effectiveFrom > day) continue;
    if (!chosen || v.effectiveFrom > chosen.effectiveFrom || (v.effectiveFrom === chosen.effectiveFrom && v.id > chosen.id)) chosen = v;
  }
  return chosen;
}

/** The versions not withdrawn that start after `day`, soonest first: changes already scheduled. */
export function scheduledVersions<V extends DatedVersion>(versions: readonly V[], day: string): V[] {
  return versions
    .filter((v) => !v.withdrawnAt && v.effectiveFrom > day)
    .sort((a, b) => (a.effectiveFrom === b.effectiveFrom ? a.id - b.id : a.effectiveFrom < b.effectiveFrom ? -1 : 1));
}

export type VersionStatus = "vigente" | "programado" | "anterior" | "retirado";

/** How the history names a version on `day`. */
export function versionStatus<V extends DatedVersion>(v: V, inForce: V | null, day: string): VersionStatus {
  if (v.withdrawnAt) return "retirado";
  if (inForce && v.id === inForce.id) return "vigente";
  return v.effectiveFrom > day ? "programado" : "anterior";
}
