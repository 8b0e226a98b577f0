// Which code runs inside a database transaction (ADR 017: nothing slow inside one). openDatabase
// marks the callback of every db.transaction(...) with an AsyncLocalStorage scope; slow work —
// rendering a PDF, charging a card — asserts it runs outside, so a change that moves it back
// inside a transaction fails loudly in the tests instead of holding a connection and row locks.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<true>();

/** True while the caller runs inside a db.transaction callback of a tracked database. */
export function inTransaction(): boolean {
  return scope.getStore() === true;
}

/** Throws when called inside a transaction: `what` must not hold one open. */
export function assertOutsideTransaction(what: string): void {
  if (inTransaction()) throw new Error(`${what} inside a database transaction (ADR 017: keep transactions short)`);
}

/** Makes db.transaction(fn) run fn inside the scope; returns the same database. */
export function trackTransactions<D extends TransactionalDatabase>(db: D): D {
  const original = db.transaction.bind(db);
  db.transaction = ((fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    original((tx: unknown) => scope.run(true, () => fn(tx)), config)) as D["transaction"];
  return db;
}

/** Any Drizzle database (PGlite or node-postgres): what trackTransactions wraps. Not client.ts's Database, which imports this module. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the transaction's own types are the caller's D["transaction"]
type TransactionalDatabase = { transaction: (fn: (tx: any) => Promise<any>, config?: any) => Promise<any> };
