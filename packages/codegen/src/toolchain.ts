/**
 * Loads the graphql-codegen plugins, optional peer dependencies of this package. When one is missing
 * the error is one line holding the exact command that installs what is needed.
 */
import type { CodegenPluginModule, CodegenToolchain } from './plugin-interface.js';
import { CODEGEN_TOOLCHAIN, INSTALL_COMMAND } from './settings.js';

/** The graphql-codegen toolchain is not installed. The message is one line with the install command. */
export class CodegenToolchainMissingError extends Error {
  override name = 'CodegenToolchainMissingError' as const;
  /** The command that installs the toolchain. */
  readonly installCommand = INSTALL_COMMAND;

  constructor(missing: string, cause: unknown) {
    super(`${missing} is not installed; run: ${INSTALL_COMMAND}`, { cause });
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

async function load(name: string): Promise<CodegenPluginModule> {
  try {
    const loaded = (await import(name)) as CodegenPluginModule & { default?: CodegenPluginModule };
    return typeof loaded.plugin === 'function' ? loaded : (loaded.default as CodegenPluginModule);
  } catch (error) {
    if (isModuleNotFound(error)) throw new CodegenToolchainMissingError(name, error);
    throw error;
  }
}

/** Loads the two plugins; throws {@link CodegenToolchainMissingError} when one is not installed. */
export async function loadToolchain(): Promise<CodegenToolchain> {
  const [operations, documents] = await Promise.all([
    load(CODEGEN_TOOLCHAIN.operations.name),
    load(CODEGEN_TOOLCHAIN.documents.name),
  ]);
  return { operations, documents };
}
