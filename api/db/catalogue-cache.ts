// The read-mostly catalogue (distributor, product lines, rating tables, quote validity) kept in
// memory for a short time. Every page reads the distributor and every quote reads its line's
// tables: without this, each would cost five to six database queries (the bench's hot paths).
// Staff changes are seen after at most `ttlMs` on every instance (ADR 007); an API write to the
// catalogue calls invalidate() so this instance sees it at once.
import type { SiteInfo } from "../contract/site";
import type { LineCode } from "../domain/catalogue";
import type { RatingTables } from "../domain/rating";
import { listProductLines, readDistributor, type CatalogueLine } from "./catalogue.repo";
import type { DbOrTx } from "./client";
import { ratingTablesAt, readQuoteValidityDays, readRatingCatalogue, type RatingCatalogue } from "./rating-tables.repo";

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

  distributor(): Promise<SiteInfo> {
    return this.read("distributor", () => readDistributor(this.db));
  }

  productLines(): Promise<CatalogueLine[]> {
    return this.read("lines", () => listProductLines(this.db));
  }

  quoteValidityDays(): Promise<number> {
    return this.read("quote_validity_days", () => readQuoteValidityDays(this.db));
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
