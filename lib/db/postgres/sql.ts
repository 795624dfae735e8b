import type pg from "pg";
import { prepared } from "./pool";

/** What statements run on: a pool (any free connection) or one connection. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/** Statements as the stores use them: named (prepared once per connection), `$n` parameters. */
export interface Sql {
  rows<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R[]>;
  first<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R | undefined>;
  /** Runs a write; how many rows it changed. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
}

/** {@link Sql} on whatever `target` answers at each call (a transaction's connection, or the pool). */
export function sqlOn(target: Queryable | (() => Queryable)): Sql {
  const on = typeof target === "function" ? target : () => target;
  return {
    async rows<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]) {
      return (await on().query<R>(prepared(text, values))).rows;
    },
    async first<R extends pg.QueryResultRow>(text: string, values?: readonly unknown[]) {
      return (await on().query<R>(prepared(text, values))).rows[0] as R | undefined;
    },
    async run(text: string, values?: readonly unknown[]) {
      return (await on().query(prepared(text, values))).rowCount ?? 0;
    },
  };
}

/** `$1, $2, …` numbering for statements built from the filters a call gives. */
export class Params {
  readonly values: unknown[] = [];
  /** The placeholder of `value`, added. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
