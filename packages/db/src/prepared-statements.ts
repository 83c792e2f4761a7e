// A pool whose connections run each statement that has parameters as a named prepared statement, planned once per
// connection instead of on every call. Planning was most of the server's time for the bell's and the lists' queries
// (a page of projects at 20,000: 0.25 ms planning, 0.16 ms running); node-postgres prepares a named statement once per
// connection and reuses it by name. Written here because kysely's dialect sends every statement unnamed. Only statements
// outside a transaction are named: the reads of lists and the bell, which are the calls that run most.
import { createHash } from "node:crypto";
import {
  type LimitNode,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  type PostgresQueryResult,
  type QueryCompiler,
  ValueNode,
} from "kysely";
import type pg from "pg";

/**
 * How many distinct statement texts are named per pool. A text varies with the length of an `in` list or of a bulk
 * insert; past this many, new texts run unnamed as before, so the server's memory for plans stays bounded.
 */
const PREPARED_STATEMENTS_MAX = 500;

// PostgreSQL's answer when a prepared statement's columns changed under it (a column added to a table it selects all of):
// "cached plan must not change result type".
const RESULT_TYPE_CHANGED = "0A000";

export function preparingPool(pool: pg.Pool, max = PREPARED_STATEMENTS_MAX): PostgresPool {
  const names = new Map<string, string>();
  // Texts whose prepared plan a schema change made stale: they run unnamed from then on.
  const stale = new Set<string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || stale.has(text) || names.size >= max) return known;
    const name = `atelier_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      // The pool listens for a connection's errors only while it is idle. A connection lost while checked out (the
      // server restarting under a query) would otherwise throw from an 'error' event with no listener and end the
      // process; its query fails on its own, and the connection is thrown away rather than returned to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on("error", onError);
      const query = async <R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        // Statements in a transaction (writes, migrations) run unnamed: there a stale plan would fail the transaction.
        const name = values.length > 0 && client.getTransactionStatus() === "I" ? nameOf(text) : undefined;
        if (name === undefined) return client.query(text, [...values]) as unknown as Promise<PostgresQueryResult<R>>;
        try {
          return (await client.query({ name, text, values: [...values] })) as unknown as PostgresQueryResult<R>;
        } catch (error) {
          if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
          // Outside a transaction nothing else was undone: the statement runs again, unnamed from now on.
          names.delete(text);
          stale.add(text);
          return client.query(text, [...values]) as unknown as Promise<PostgresQueryResult<R>>;
        }
      };
      const preparing = {
        query: (textOrCursor: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>) =>
          typeof textOrCursor === "string" ? query(textOrCursor, values ?? []) : client.query(textOrCursor as never),
        release: () => {
          client.removeListener("error", onError);
          client.release(lost);
        },
      };
      return preparing as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** PostgreSQL's compiler, writing a limit given as a value into the text instead of as a parameter. */
class InlineLimitsCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) this.append(`limit ${limit.value}`);
    else super.visitLimit(node);
  }
}

/**
 * PostgreSQL's dialect, with every `limit` written into the statement's text (`limit 51`, not `limit $3`). PostgreSQL
 * plans a prepared statement for its parameters five times, then keeps one generic plan only if that plan is estimated
 * no dearer; a generic plan cannot know a parameter's limit and costs the whole scan, so it never won, and the first
 * page of projects was planned again on every call (45 % of the server's time under that call alone, in the planner).
 * With the limit in the text, the generic plan is the custom one and is kept. A limit is a validated page size, so the
 * texts stay few. Done as the text is written, not by a plugin: a plugin copies every query's whole tree to change
 * one node (12 us of a bell query's 52 to build and compile).
 */
export class InlineLimitsDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new InlineLimitsCompiler();
  }
}
