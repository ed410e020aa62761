/**
 * The pure part of the published-schema import: turns published SDL into its structure only (no descriptions, our
 * own deprecation reasons, everything sorted by name). Used by scripts/import-published-schema.ts.
 */
import {
  buildASTSchema,
  type ConstDirectiveNode,
  Kind,
  lexicographicSortSchema,
  type NameNode,
  parse,
  printSchema,
  visit,
} from 'graphql';
import { DEFINITION_KINDS } from '../src/engine/schema/coordinates.js';

/**
 * Our own deprecation reasons, by schema coordinate: the published reasons are prose and stay out of the project.
 * A deprecated element missing here gets {@link DEFAULT_DEPRECATION}.
 */
const DEPRECATION_REASONS: Readonly<Record<string, string>> = {
  'Board.owner': 'Use creator or owners.',
  'Mutation.add_subscribers_to_board': 'Use add_users_to_board.',
};

/** Deprecation reason of a deprecated element with no entry in {@link DEPRECATION_REASONS}. */
const DEFAULT_DEPRECATION = 'No longer supported.';

function ownDeprecation(coordinate: string): ConstDirectiveNode {
  const reason = DEPRECATION_REASONS[coordinate] ?? DEFAULT_DEPRECATION;
  return {
    kind: Kind.DIRECTIVE,
    name: { kind: Kind.NAME, value: 'deprecated' },
    arguments: [
      { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'reason' }, value: { kind: Kind.STRING, value: reason } },
    ],
  };
}

/** `sdl` with every description removed and deprecation reasons replaced by ours, sorted by name, printed by graphql. */
export function structureOnly(sdl: string): string {
  const owners: string[] = [];
  const withoutDescriptions = visit(parse(sdl), {
    enter(node) {
      if (DEFINITION_KINDS.has(node.kind)) {
        owners.push((node as { name: NameNode }).name.value);
      }
      if (node.kind === Kind.DIRECTIVE && node.name.value === 'deprecated') return ownDeprecation(owners.join('.'));
      return 'description' in node && node.description ? { ...node, description: undefined } : undefined;
    },
    leave(node) {
      if (DEFINITION_KINDS.has(node.kind)) {
        owners.pop();
      }
    },
  });
  return printSchema(lexicographicSortSchema(buildASTSchema(withoutDescriptions)));
}
