import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Reads rows of `table` that a raw statement answered (db.execute, or row_to_json inside a
 * statement): each column by its SQL name, converted as drizzle converts it (timestamps to
 * Date, jsonb parsed), whichever form the driver or JSON gave it in. For statements drizzle's
 * builders cannot express, such as several parts joined in one round trip.
 */
export function rawRowReader<T extends Table>(
  table: T,
): (raw: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}
