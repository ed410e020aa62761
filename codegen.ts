/**
 * graphql-codegen configuration of the built-in operations: `operations/*.graphql` → `generated/graphql.ts`,
 * through `platformCodegenConfig`, exactly as an app generates its own operations.
 *
 * The schema comes from WORKSPACE_PLATFORM_BASE_URL when set, otherwise from the emulator built into the
 * package. `npm run codegen` (scripts/codegen.ts) runs it; `npm run codegen:check` fails on drift.
 */
import { platformCodegenConfig } from 'workspace-platform-codegen';

const config = platformCodegenConfig({ documents: 'operations/*.graphql', output: 'generated/graphql.ts' });
// The built-ins live inside the package, so they import the document type marker from its source, not from the package.
for (const output of Object.values(config.generates))
  Object.assign(output.config, { typesFrom: '../src/client/documents/typed-document.js' });

/** The configuration of the built-in operations. */
export default config;
