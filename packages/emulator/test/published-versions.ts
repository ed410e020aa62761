/**
 * The versions a test runs at, derived from the published set (`PUBLISHED_VERSIONS`) instead of listed by hand, so a
 * new version reaches every test that runs at each version: all of them, the oldest and the newest, or the ones
 * whose published schema has the field the test needs (`versionsWith('Mutation.update_column')`).
 */
import { buildSchema, type GraphQLSchema, isObjectType } from 'graphql';
import { PUBLISHED_VERSIONS, type PublishedVersion, publishedSdl } from 'workspace-platform-emulator/schemas';

/** Every published version, oldest first. */
export const VERSIONS: readonly PublishedVersion[] = PUBLISHED_VERSIONS;
/** The oldest published version. */
export const OLDEST_VERSION = PUBLISHED_VERSIONS[0];
/** The newest published version. */
export const NEWEST_VERSION = PUBLISHED_VERSIONS[PUBLISHED_VERSIONS.length - 1] as PublishedVersion;

const schemas = new Map<PublishedVersion, GraphQLSchema>();
function schemaOf(version: PublishedVersion): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    schema = buildSchema(publishedSdl(version), { assumeValidSDL: true });
    schemas.set(version, schema);
  }
  return schema;
}

/**
 * The published versions whose schema has `coordinate` (`Type`, `Type.field` or `Type.field(argument:)`), oldest
 * first. Throws when none has it, so a misspelt coordinate does not run a test at no version.
 */
export function versionsWith(coordinate: string): [PublishedVersion, ...PublishedVersion[]] {
  const [, typeName, fieldName, argumentName] = /^(\w+)(?:\.(\w+)(?:\((\w+):\))?)?$/.exec(coordinate) ?? [];
  if (!typeName) throw new Error(`not a schema coordinate: ${coordinate}`);
  const found = PUBLISHED_VERSIONS.filter((version) => {
    const type = schemaOf(version).getType(typeName);
    if (!type || fieldName === undefined) return type !== undefined;
    const field =
      isObjectType(type) || 'getFields' in type
        ? (type as { getFields(): Record<string, unknown> }).getFields()[fieldName]
        : undefined;
    if (!field || argumentName === undefined) return field !== undefined;
    return ((field as { args?: { name: string }[] }).args ?? []).some((argument) => argument.name === argumentName);
  });
  if (found.length === 0) throw new Error(`no published version has ${coordinate}`);
  return found as [PublishedVersion, ...PublishedVersion[]];
}
