/**
 * `workspace-platform-sdk/codegen`: moved to `workspace-platform-codegen`, which this subpath forwards to through the
 * 0.x line.
 *
 * @deprecated Install `workspace-platform-codegen` and import from it.
 * @packageDocumentation
 */
import type * as Codegen from 'workspace-platform-codegen';
import { requireMoved } from './moved.js';

const moved = requireMoved<typeof Codegen>({
  from: 'workspace-platform-sdk/codegen',
  to: 'workspace-platform-codegen',
  now: 'workspace-platform-codegen',
});

export type * from 'workspace-platform-codegen';
/** @deprecated Import it from `workspace-platform-codegen`. */
export const { CodegenToolchainMissingError, platformCodegenConfig } = moved;
/** @deprecated Import it from `workspace-platform-codegen`. */
export type CodegenToolchainMissingError = Codegen.CodegenToolchainMissingError;
