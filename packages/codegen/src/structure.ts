/**
 * The schema the plugins see: its structure only. Descriptions a server serves (the platform's prose, or
 * the emulator's) never reach generated code, so codegen against the emulator and against the platform
 * give the same file.
 */
import { buildASTSchema, type GraphQLSchema, parse, printSchema, visit } from 'graphql';

/** `schema` without any description. */
export function withoutDescriptions(schema: GraphQLSchema): GraphQLSchema {
  const bare = visit(parse(printSchema(schema)), {
    enter: (node) => ('description' in node && node.description ? { ...node, description: undefined } : undefined),
  });
  return buildASTSchema(bare);
}
