/**
 * `workspace-platform-sdk/codegen`: typed operations for an app's own `.graphql` documents, generated the
 * way this package generates its built-ins. Node only; needs the graphql-codegen plugins (optional peers).
 *
 * @packageDocumentation
 */
export { type PlatformCodegenConfig, type PlatformCodegenOptions, platformCodegenConfig } from './config.js';
export { CodegenToolchainMissingError } from './toolchain.js';
