// The one database interface of the service: PostgreSQL's dialect, on PGlite or a real server.

export type Row = Record<string, unknown>;

export interface Db {
  /** One statement with $1, $2 ... parameters. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel on a connection of its own (reconnected when lost); answers
   * how to stop. The embedded database has none (one process owns it).
   */
  listen?(channel: string, heard: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tar file, to start another one from (`DbOptions.template`). */
  dump?(): Promise<Blob>;
  readonly kind: 'pglite' | 'postgres';
}
