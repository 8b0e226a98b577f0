// The bulk-loading recipe both bench loaders use: the secondary indexes and foreign keys of the
// tables being filled go before the inserts and come back after (one sort per index, one join per
// key, which also proves every generated reference valid) instead of being maintained and checked
// row by row. They are read from the catalogue, so indexes a later migration adds come back too.

/** `step(label, sql, params)`: one statement of a load, logged with its rows and seconds. */
export function loadStep(client, log) {
  return async (label, sql, params = []) => {
    const t = Date.now();
    const result = await client.query(sql, params);
    log(`${label}: ${result.rowCount ?? ""} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
}

/**
 * Runs `fill` with the secondary indexes and foreign keys of `tables` dropped, and with the user
 * triggers of `quietTables` off (the report figures' row triggers would append a delta per row);
 * puts everything back afterwards, each rebuild logged through `step(label, sql)`.
 */
export async function withoutSecondaryIndexes(client, { tables, quietTables = [], step }, fill) {
  const { rows: indexes } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  const { rows: foreignKeys } = await client.query(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace and conrelid::regclass::text = any($1)`,
    [tables],
  );
  for (const fk of foreignKeys) await client.query(`alter table ${fk.table} drop constraint "${fk.name}"`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const table of quietTables) await client.query(`alter table ${table} disable trigger user`);
  try {
    await fill();
  } finally {
    for (const table of quietTables) await client.query(`alter table ${table} enable trigger user`);
    for (const index of indexes) await step(`index ${index.name}`, index.def);
    for (const fk of foreignKeys) await step(`foreign key ${fk.name}`, `alter table ${fk.table} add constraint "${fk.name}" ${fk.def}`);
  }
}
