// The read-mostly catalogue (business settings, product lines, rating tables) kept in
// memory for a short time. Every page reads the distributor and every quote reads its line's
// tables: without this, each would cost five to six database queries (the bench's hot paths).
// Staff changes are seen after at most `ttlMs` on every instance (ADR 007); an API write to the
// catalogue calls invalidate() so this instance sees it at once.
import type { SiteInfo } from "../contract/site";
import type { RatingTables } from "../domain/rating";
import type { LineCode, SettingKey, SettingsValues } from "../domain/catalogue";
import { madridDate } from "../domain/calendar";
import { distributorOf, listProductLines, type CatalogueLine } from "./catalogue.repo";
import type { DbOrTx } from "./client";
import { quoteValidityDaysOf, ratingTablesAt, readRatingCatalogue, type RatingCatalogue } from "./rating-tables.repo";
import { readSettingVersions, valueOn, type StoredSettingVersion } from "./settings.repo";

/** How long a catalogue read is reused unless configured otherwise (CATALOGUE_CACHE_SECONDS). */
export const DEFAULT_CATALOGUE_CACHE_MS = 30_000;

type Entry = { loadedAt: number; value: Promise<unknown> };

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param ttlMs 0 reads the database every time.
   * @param clock monotonic milliseconds; not the API's `now`, which tests move back and forth.
   */
  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs: number = DEFAULT_CATALOGUE_CACHE_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The distributor in force at `now`. */
  async distributor(now: Date): Promise<SiteInfo> {
    return distributorOf(await this.setting("distributor", now));
  }

  /**
   * A business setting in force at `now` (ADR 038). Every version is cached and the one in force is
   * chosen on each call, so a version whose day arrives is used without a restart.
   */
  async setting<K extends SettingKey>(key: K, now: Date): Promise<SettingsValues[K] | undefined> {
    const versions = await this.read<StoredSettingVersion[]>("settings", () => readSettingVersions(this.db));
    return valueOn(versions, key, madridDate(now));
  }

  productLines(): Promise<CatalogueLine[]> {
    return this.read("lines", () => listProductLines(this.db));
  }

  async quoteValidityDays(now: Date): Promise<number> {
    return quoteValidityDaysOf(await this.setting("quote_validity_days", now));
  }

  /** The line's tables with the tariffs in force at `now` (chosen on every call, so dated versions start on time). */
  async ratingTables(line: LineCode, now: Date): Promise<RatingTables> {
    const catalogue = await this.read<RatingCatalogue>(`rating:${line}`, () => readRatingCatalogue(this.db, line));
    return ratingTablesAt(catalogue, line, now);
  }

  /** Forget everything: the next read of each entry goes to the database. */
  invalidate(): void {
    this.entries.clear();
  }

  // The promise itself is kept, so concurrent misses share one database read; a failed read is
  // dropped at once and never served. Callers must not mutate what they get.
  private read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = this.clock();
    const hit = this.entries.get(key);
    if (hit && at - hit.loadedAt < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    if (this.ttlMs > 0) {
      this.entries.set(key, { loadedAt: at, value });
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    }
    return value;
  }
}
