import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { openSqlite, type SqliteConnection } from './sqlite-executor.ts';
import { SqliteReadPool } from './sqlite-read-pool.ts';

/** One holder of the writer at a time, in the order they asked. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with the function that lets the next holder in. */
  lock(): Promise<() => void> {
    let unlock = () => {};
    const released = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    const before = this.#tail;
    this.#tail = before.then(() => released);
    return before.then(() => unlock);
  }
}

/**
 * What Kysely gets for each query, or for a whole transaction: SELECTs outside a transaction go to
 * the read workers (on a handle that only reads, `readsOnly`, every query outside one: raw SQL too);
 * anything else (writes, raw SQL, every statement of a transaction) takes the one writer connection
 * until Kysely releases the lease, so writes stay serialized and a transaction sees its own writes.
 */
class Lease implements DatabaseConnection {
  readonly #driver: PooledSqliteDriver;
  #unlock: (() => void) | null = null;

  constructor(driver: PooledSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const readers = this.#driver.readers;
    const read = this.#driver.readsOnly || SelectQueryNode.is(compiled.query);
    if (this.#unlock === null && readers && read) {
      return { rows: (await readers.query(compiled.sql, compiled.parameters)) as R[] };
    }
    await this.holdWriter();
    return this.#driver.writer().run(compiled.sql, compiled.parameters) as QueryResult<R>;
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on SQLite');
  }

  async holdWriter(): Promise<void> {
    this.#unlock ??= await this.#driver.writerLock.lock();
  }

  release(): void {
    this.#unlock?.();
    this.#unlock = null;
  }
}

function leaseOf(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease)) throw new Error('not a connection of this driver');
  return connection;
}

/**
 * The SQLite driver (docs/decisions/0005): one writer connection on the main thread (writes are
 * short, and SQLite takes one writer at a time anyway) and a pool of read workers, so that a long
 * read (a search over a large library) never holds the event loop. With `readWorkers` 0 every
 * query runs on the writer connection, on the main thread.
 */
export class PooledSqliteDriver implements Driver {
  readonly writerLock = new Mutex();
  readonly readers: SqliteReadPool | null;
  readonly readsOnly: boolean;
  readonly #fileName: string;
  #writer: SqliteConnection | null = null;

  /**
   * `readsOnly`: the handle only reads (the search's, createSearchDatabase), so its raw SQL goes to
   * the read workers too, whose read-only connections refuse a write: the moment search's statements
   * are raw SQL, and a page's hit moments alone cost the event loop 5 ms at 1,000,000 items.
   */
  constructor(fileName: string, readWorkers: number, readsOnly = false) {
    this.#fileName = fileName;
    this.readers = readWorkers > 0 ? new SqliteReadPool(fileName, readWorkers) : null;
    this.readsOnly = readsOnly;
  }

  /** The writer opens first: it creates the file and puts it in WAL mode for the readers. */
  init(): Promise<void> {
    this.#writer = openSqlite(this.#fileName);
    return Promise.resolve();
  }

  writer(): SqliteConnection {
    if (!this.#writer) throw new Error('the database is not open');
    return this.#writer;
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new Lease(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await leaseOf(connection).holdWriter();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    leaseOf(connection).release();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.readers?.close();
    this.#writer?.close();
    this.#writer = null;
  }
}

/** Several leases run at once (reads in parallel); the driver serializes what needs the writer. */
class PooledSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect over PooledSqliteDriver. */
export class PooledSqliteDialect implements Dialect {
  readonly #fileName: string;
  readonly #readWorkers: number;
  readonly #readsOnly: boolean;
  constructor(fileName: string, readWorkers: number, readsOnly = false) {
    this.#fileName = fileName;
    this.#readWorkers = readWorkers;
    this.#readsOnly = readsOnly;
  }

  createDriver(): Driver {
    return new PooledSqliteDriver(this.#fileName, this.#readWorkers, this.#readsOnly);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PooledSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
