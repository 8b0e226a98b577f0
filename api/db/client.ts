// Opens the database: PostgreSQL when DATABASE_URL is given, otherwise embedded PGlite on disk
// (or a PGlite instance handed in, as the tests do). Migrations run before the handle is returned.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { trackTransactions } from "./transaction-scope";

export type Schema = typeof schema;

/** One type for both drivers: select, insert, update, delete, execute and transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** What `db.transaction(fn)` hands to `fn`; pass it where a Database is expected. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Code that works inside or outside a transaction takes this. */
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  /**
   * For list reads: on PostgreSQL a pool whose statements stop after READ_STATEMENT_TIMEOUT_MS
   * and cannot write, so a list that goes wrong cannot hold a connection; PGlite runs one
   * statement at a time and uses `db`.
   */
  readDb: Database;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Closes the pool or the PGlite instance (also one that was handed in). */
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres://… — use PostgreSQL through a node-postgres pool. */
  databaseUrl?: string;
  /** Embedded mode: PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir?: string;
  /** Embedded mode with an instance made by the caller (in memory, loaded from a dump…). */
  pglite?: PGlite;
  /** PostgreSQL: how long to keep trying to reach the server at start-up (it may start after us). */
  connectTimeoutMs?: number;
  /** Told about connections lost while in use (a restart, a terminated backend); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** How long a list read may run on PostgreSQL before the server gives up on it. */
export const READ_STATEMENT_TIMEOUT_MS = 5_000;

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 4_032_026;

/**
 * The one way to make a PGlite instance: with the extensions the migrations need (pg_trgm for
 * the lists' text search). In memory without `dataDir`.
 */
export function newPglite(options: Omit<PGliteOptions, "extensions"> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  if (opts.pglite) return openPglite(opts.pglite);
  if (!opts.dataDir) throw new Error("openDatabase: give databaseUrl, dataDir or a PGlite instance");
  const dir = path.resolve(opts.dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  return openPglite(newPglite({ dataDir: dir }));
}

/**
 * Every client of a pool gets an 'error' listener. node-postgres listens on idle clients only: a
 * client checked out by a request or a transaction when its backend goes away (a PostgreSQL
 * restart, pg_terminate_backend) would emit an unhandled 'error' and end the process. With the
 * listener, the query in flight fails (the API answers 503) and the pool opens a new connection
 * for the next one.
 */
function survivePoolErrors(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** A connection of the pool, retried with backoff until `timeoutMs` (the server may be starting). */
async function connectWithRetry(pool: pg.Pool, timeoutMs: number): Promise<pg.PoolClient> {
  const until = Date.now() + timeoutMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 4_000)) {
    try {
      return await pool.connect();
    } catch (error) {
      if (Date.now() + wait > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function openPostgres(databaseUrl: string, opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const onError = opts.onConnectionError ?? (() => {});
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  survivePoolErrors(pool, onError);
  try {
    // Several instances may start at once against one database: a session advisory lock on a
    // dedicated connection makes them migrate one after the other.
    const client = await connectWithRetry(pool, opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = trackTransactions(releasingTransactions(drizzleNodePg(pool, { schema }), pool));
  const readPool = new pg.Pool({
    connectionString: databaseUrl,
    max: 5,
    statement_timeout: READ_STATEMENT_TIMEOUT_MS,
    options: "-c default_transaction_read_only=on",
  });
  survivePoolErrors(readPool, onError);
  return {
    db,
    readDb: drizzleNodePg(readPool, { schema }),
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

/**
 * db.transaction on a connection of the pool that always goes back to it. Drizzle's own (0.45)
 * takes a connection and sends BEGIN before its try/finally: when BEGIN fails — the connection
 * died with the server (a restart, an outage), which the pool may not have noticed yet — that
 * connection is never released, so after each outage the pool keeps fewer connections and
 * pool.end() never finishes. Here the pool lends the connection and takes it back whatever
 * happens (a dead one is discarded on release); Drizzle runs the transaction on that one
 * connection (one Drizzle instance per connection, kept while the connection lives).
 */
function releasingTransactions(db: Database, pool: pg.Pool): Database {
  const onConnection = new WeakMap<pg.PoolClient, Database>();
  db.transaction = (async (fn: Parameters<Database["transaction"]>[0], config?: Parameters<Database["transaction"]>[1]) => {
    const client = await pool.connect();
    try {
      let single = onConnection.get(client);
      if (!single) {
        single = drizzleNodePg(client, { schema });
        onConnection.set(client, single);
      }
      return await single.transaction(fn, config);
    } finally {
      client.release();
    }
  }) as Database["transaction"];
  return db;
}

async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  try {
    await client.waitReady;
    const db = trackTransactions(drizzlePglite(client, { schema }));
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      readDb: db,
      kind: "pglite",
      ping: async () => {
        if (client.closed) throw new Error("PGlite is closed");
        await client.query("select 1");
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  } catch (error) {
    if (!client.closed) await client.close().catch(() => {});
    throw error;
  }
}

/** `select 1` through Drizzle, for code that only holds a Database. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Raw SQL returning rows. `db.execute` is typed `unknown` on the shared Database type because
 * each driver has its own result class; both carry `rows` as objects keyed by column name.
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
