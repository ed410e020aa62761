/**
 * The subpaths that moved out of this package in 0.2: `workspace-platform-sdk/emulator` and `/testing` went to
 * `workspace-platform-emulator`, `/codegen` to `workspace-platform-codegen`, with the two bins. Through the 0.x line
 * each old subpath forwards to its new package (an optional peer dependency) and, when that package is not installed,
 * throws an error that names it. Node only, like the packages it forwards to.
 *
 * One source serves both builds of a subpath: the new packages are ES modules, and Node >= 20.19 (which they need)
 * loads them with `require()`, from CommonJS and from this module's ESM build alike, so neither build needs a
 * top-level await. Pinned by test/api/moved-subpaths.test.ts.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A subpath of this package that moved, and where to. */
export interface MovedSubpath {
  /** The old import path, e.g. `workspace-platform-sdk/emulator`. */
  readonly from: string;
  /** The package that holds it now. */
  readonly to: string;
  /** The new import path. */
  readonly now: string;
}

/** True when `error` says that `moved`'s package itself could not be found (not something inside it). */
function isMissing(error: unknown, moved: MovedSubpath): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    // `require()` names the path ('workspace-platform-emulator/testing'), `import.meta.resolve` the package.
    (message.includes(`'${moved.now}'`) || message.includes(`'${moved.to}'`))
  );
}

/**
 * What to `require()` for `specifier`: from this module's ESM build, the file an `import` of it resolves to (the new
 * package's ES module, so the forwarded values are the very ones an app's own `import` gets, not those of the
 * emulator's CommonJS build); from the CommonJS build (where `import.meta.resolve` does not exist) the specifier
 * itself, which resolves as the app's own `require()` does.
 */
function esmEntryOf(specifier: string): string {
  const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  return typeof resolve === 'function' ? fileURLToPath(resolve(specifier)) : specifier;
}

/**
 * The new module of `moved`, loaded with `require()`.
 * @throws Error naming the package to install when it is missing, or the Node version it needs when this Node cannot
 * `require()` an ES module; any other failure as it is.
 */
export function requireMoved<T>(moved: MovedSubpath): T {
  try {
    return createRequire(import.meta.url)(esmEntryOf(moved.now)) as T;
  } catch (error) {
    if (isMissing(error, moved))
      throw new Error(
        `${moved.from} moved to the ${moved.to} package, which is not installed. Install it ` +
          `(npm install --save-dev ${moved.to}) and import from '${moved.now}'.`,
        { cause: error },
      );
    if ((error as { code?: unknown } | undefined)?.code === 'ERR_REQUIRE_ESM')
      throw new Error(
        `${moved.from} forwards to ${moved.to}, which needs Node >= 20.19 (this is ${process.version}).`,
        { cause: error },
      );
    throw error;
  }
}

/**
 * Runs the bin `name` of the package that now holds it, as if it had been called directly (same arguments, same
 * process); when that package is not installed, prints what to install and exits with code 1.
 */
export async function runMovedBin(name: string, to: string): Promise<void> {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve(`${to}/package.json`);
  } catch {
    console.error(
      `${name}: the command moved to the ${to} package, which is not installed. ` +
        `Install it (npm install --save-dev ${to}) and run it again.`,
    );
    process.exitCode = 1;
    return;
  }
  const { bin } = require(manifestPath) as { bin: Record<string, string> };
  const { join, dirname } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  await import(pathToFileURL(join(dirname(manifestPath), bin[name] ?? '')).href);
}
