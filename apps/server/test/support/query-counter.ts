import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Counts the statements an app runs on its database (createTestApp's `plugins`). */
export class QueryCounter implements KyselyPlugin {
  #count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.#count++;
    return Promise.resolve(args.result);
  }

  /** The statements run while `work` runs. */
  async during(work: () => Promise<unknown>): Promise<number> {
    const before = this.#count;
    await work();
    return this.#count - before;
  }
}
