import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";

/**
 * Who may use a thread's SQLite connection now. better-sqlite3 is synchronous, but a
 * storage transaction is not: between its calls other requests' code runs, and on one
 * connection their statements would land inside it (and roll back with it). While a
 * transaction holds the gate, everything else on the connection waits for it — other
 * contexts' storage calls, other transactions, the run store's group commit — and code
 * inside the transaction (found by its async context) goes straight through.
 */
export class ConnectionGate {
  private held = false;
  private released: Promise<void> = Promise.resolve();
  private readonly inside = new AsyncLocalStorage<{ depth: number }>();

  constructor(readonly conn: Database.Database) {}

  /** True when `f` may run now: no transaction holds the connection, or this context is inside it. */
  open(): boolean {
    return !this.held || this.inside.getStore() !== undefined;
  }

  /** True when no transaction holds the connection. */
  idle(): boolean {
    return !this.held;
  }

  /** Resolves when no transaction holds the connection (for writers never part of one: the group commit). */
  async whenIdle(): Promise<void> {
    while (this.held) await this.released;
  }

  /** Runs one synchronous use of the connection as soon as it is free for this context. */
  run<T>(f: () => T): Promise<T> {
    if (this.open()) {
      try {
        return Promise.resolve(f());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.later(f);
  }

  /** `f` once the connection is free for this context, run in the same turn as that check. */
  private async later<T>(f: () => T): Promise<T> {
    while (!this.open()) await this.released;
    return f();
  }

  /** `fn` in one `BEGIN IMMEDIATE` transaction holding the gate; nested calls are savepoints. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const outer = this.inside.getStore();
    if (outer) return this.savepoint(outer.depth + 1, fn);
    // Checked and taken in one turn: another transaction may start during any await.
    while (this.held) await this.released;
    this.held = true;
    let release!: () => void;
    this.released = new Promise<void>((resolve) => (release = resolve));
    try {
      this.conn.exec("BEGIN IMMEDIATE");
      try {
        const result = await this.inside.run({ depth: 0 }, fn);
        this.conn.exec("COMMIT");
        return result;
      } catch (err) {
        // Some errors (I/O, a full disk) end the transaction themselves.
        if (this.conn.inTransaction) this.conn.exec("ROLLBACK");
        throw err;
      }
    } finally {
      this.held = false;
      release();
    }
  }

  private async savepoint<T>(depth: number, fn: () => Promise<T>): Promise<T> {
    const name = `storage_${depth}`;
    this.conn.exec(`SAVEPOINT ${name}`);
    try {
      const result = await this.inside.run({ depth }, fn);
      this.conn.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      if (this.conn.inTransaction) this.conn.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw err;
    }
  }
}

const gates = new WeakMap<Database.Database, ConnectionGate>();

/** The one gate of a connection (the storage and the run store on it share it). */
export function gateOf(conn: Database.Database): ConnectionGate {
  let gate = gates.get(conn);
  if (!gate) gates.set(conn, (gate = new ConnectionGate(conn)));
  return gate;
}
