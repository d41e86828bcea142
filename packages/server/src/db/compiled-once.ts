import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import { prepareByName } from './named-statements.ts';

/** How many shapes (list lengths) one read keeps compiled; a page of ids makes one per page size. */
export const COMPILED_SHAPES_MAX = 64;

/**
 * What a read's builder receives in place of a value: it must reach Kysely only as a value.
 * Turning it into a string or a number (a template, sql.raw, arithmetic) throws.
 */
class StandIn {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: the value "${this.name}" must reach the query as a parameter, not be computed with or written into SQL`);
  }
}

type Params = object;
/** What a builder may branch on: which optional parts a query has (never the values themselves). */
type Shape = Readonly<Record<string, boolean | number | string>>;

/** The lengths of the list values: one compiled query per combination. */
function shapeOf(params: Params): string {
  let shape = '';
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) shape += `${name}:${value.length},`;
  }
  return shape;
}

function standInsOf<P extends Params>(params: P): P {
  const standIns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    standIns[name] = Array.isArray(value) ? value.map((_, index) => new StandIn(name, index)) : new StandIn(name, null);
  }
  return standIns as P;
}

function compile<P extends Params, S extends Shape, O>(build: (params: P, shape: S) => Compilable<O>, params: P, shape: S): CompiledQuery<O> {
  return build(standInsOf(params), shape).compile();
}

/**
 * A read whose SQL does not depend on its values, built and compiled by Kysely once (per list
 * length) and then run with each call's values. Building is what a small read costs most: the
 * resident detail's five-table join took ~110 µs to build and compile against ~27 µs to run on
 * SQLite (docs/performance.md, "API throughput"). On PostgreSQL the text then runs as a named
 * prepared statement (named-statements.ts), so the server parses and plans it once per connection.
 *
 * `build` receives stand-ins typed as the values and must hand them to Kysely as values only
 * (`where(column, '=', p.id)`, `where(column, 'in', p.ids)`, `limit(p.size)`): never compute
 * with them, branch on them or write them into SQL text (a stand-in turned into a string or a
 * number throws at the first call; a branch on one cannot be seen: it is always truthy). A read with optional parts (filters) branches on its
 * `shape` instead, given with each call: one compiled query per shape (and list lengths).
 */
export function compiledOnce<P extends Params, O, S extends Shape = Record<never, never>>(db: Db, build: (params: P, shape: S) => Compilable<O>): (params: P, shape?: S) => Promise<O[]> {
  const compiled = new Map<string, CompiledQuery<O>>();
  return async (params, shape = {} as S) => {
    const key = `${shapeOf(params)}${JSON.stringify(shape)}`;
    let query = compiled.get(key);
    if (!query) {
      query = compile(build, params, shape);
      if (compiled.size < COMPILED_SHAPES_MAX) {
        compiled.set(key, query);
        prepareByName(query.sql);
      }
    }
    const parameters = query.parameters.map((parameter) => {
      if (!(parameter instanceof StandIn)) return parameter;
      const value: unknown = (params as Record<string, unknown>)[parameter.name];
      return parameter.index === null ? value : (value as readonly unknown[])[parameter.index];
    });
    return (await db.executeQuery<O>({ ...query, queryId: createQueryId(), parameters })).rows;
  };
}
