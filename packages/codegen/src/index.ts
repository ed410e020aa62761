/**
 * `workspace-platform-codegen`: typed operations for an app's own `.graphql` documents, generated the
 * way workspace-platform-sdk generates its built-ins. Node only; needs the graphql-codegen plugins (optional peers).
 *
 * @packageDocumentation
 * @module workspace-platform-codegen
 */
export { type PlatformCodegenConfig, type PlatformCodegenOptions, platformCodegenConfig } from './config.js';
export { CodegenToolchainMissingError } from './toolchain.js';
