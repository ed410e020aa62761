/**
 * The schema text of each published API version as the emulator serves it: the published structure
 * (./published/, decompressed on first use) with the emulator's own descriptions (./descriptions.ts). The engine
 * builds its executable schemas from {@link describedSchema}; `GET /v2/get_schema` and codegen's offline schema
 * (`workspace-platform-emulator/schemas`) print the same thing, so they cannot disagree. Needs only graphql and
 * node:zlib, so codegen loads it without the engine.
 */
import { brotliDecompressSync } from 'node:zlib';
import { buildASTSchema, type GraphQLSchema, parse, printSchema } from 'graphql';
import { OWN_DESCRIPTIONS } from './descriptions.js';
import { PACKED_STRUCTURES, PUBLISHED_VERSIONS, type PublishedVersion } from './published/index.js';

/** True when `version` is one whose published structure the emulator carries. */
export function isPublishedVersion(version: unknown): version is PublishedVersion {
  return (PUBLISHED_VERSIONS as readonly unknown[]).includes(version);
}

/** The structure-only SDL text of `version`'s published schema. */
export function publishedStructure(version: PublishedVersion): string {
  return brotliDecompressSync(Buffer.from(PACKED_STRUCTURES[version], 'base64')).toString('utf8');
}

/**
 * Puts our descriptions on the built schema's types, fields and arguments (a handful; cheaper than rewriting the
 * whole parsed document). A coordinate the version lacks is skipped.
 */
function applyOwnDescriptions(schema: GraphQLSchema): void {
  for (const [coordinate, description] of Object.entries(OWN_DESCRIPTIONS)) {
    const [typeName, rest] = coordinate.split('.', 2) as [string, string | undefined];
    const type = schema.getType(typeName);
    if (!type) continue;
    if (rest === undefined) {
      type.description = description;
      continue;
    }
    const [fieldName, argument] = rest.replace(/:\)$/, '').split('(') as [string, string | undefined];
    const field = 'getFields' in type ? type.getFields()[fieldName] : undefined;
    if (!field) continue;
    if (argument === undefined) field.description = description;
    else {
      const arg = 'args' in field ? field.args.find((candidate) => candidate.name === argument) : undefined;
      if (arg) arg.description = description;
    }
  }
}

/** A new (not executable, not shared) schema of `version`: its published structure with our descriptions. */
export function describedSchema(version: PublishedVersion): GraphQLSchema {
  const schema = buildASTSchema(parse(publishedStructure(version), { noLocation: true }), { assumeValidSDL: true });
  applyOwnDescriptions(schema);
  return schema;
}

const printed = new Map<PublishedVersion, string>();

/**
 * The SDL the emulator serves for `version` (`GET /v2/get_schema?format=sdl&version=…`), printed once per process.
 * @throws RangeError when `version` is not a published version ({@link PUBLISHED_VERSIONS} lists them).
 */
export function publishedSdl(version: string): string {
  if (!isPublishedVersion(version))
    throw new RangeError(
      `API version "${version}" has no published schema here; use one of ${PUBLISHED_VERSIONS.join(', ')}.`,
    );
  let text = printed.get(version);
  if (text === undefined) {
    text = printSchema(describedSchema(version));
    printed.set(version, text);
  }
  return text;
}
