/** Shapes shared by the resolver modules. */
import type { EngineContext } from '../context.js';
import type { BoardRecord, GroupRecord } from '../store/records.js';
import type { FieldArguments } from './arguments.generated.js';

/**
 * A field resolver: `source` is the parent record (or view), `args` the coerced arguments as the schema declares
 * them (see arguments.generated.ts), `context` the execution's {@link EngineContext}.
 */
export type FieldResolver<Args = never> = (source: never, args: Args, context: EngineContext) => unknown;

/**
 * The resolvers one family contributes, by type name then field name. Checked against the schema: a type or field
 * the schema lacks, or an argument it does not declare, is a compile error; the arguments need no annotation.
 */
export type FamilyResolvers = {
  [Type in keyof FieldArguments]?: {
    [Field in keyof FieldArguments[Type]]?: FieldResolver<FieldArguments[Type][Field]>;
  };
};

/** Resolvers by type name, then field name, as the schema build installs them. */
export type ResolverMap = Record<string, Record<string, FieldResolver>>;

/** A group together with its board (groups are stored inside boards). */
export interface GroupView {
  board: BoardRecord;
  group: GroupRecord;
}
