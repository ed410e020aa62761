/**
 * `npm run api:report`: writes `api/exports.md`, the exported names of every built entry of the three packages
 * (their `dist/`, so run `npm run build` first) with what each is (class, function, const, interface, type). The test
 * `test/api/exports.test.ts` builds the same report and fails when it differs from the committed one, so
 * every change to the public API is seen in review. After an intended change, run this script again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** One public entry point: its import path, and its built declaration file and module (from the repository root). */
export interface Entry {
  specifier: string;
  declarations: string;
  module: string;
}

/** An entry of a package whose sources and `dist/` sit in `dir` (`''` for the SDK, at the root). */
function entry(specifier: string, dir: string, file: string): Entry {
  return { specifier, declarations: `${dir}dist/${file}.d.ts`, module: `${dir}dist/${file}.js` };
}

/** Every public entry of the three packages. */
export const ENTRIES: readonly Entry[] = [
  entry('workspace-platform-sdk', '', 'index'),
  entry('workspace-platform-sdk/redis', '', 'redis/index'),
  entry('workspace-platform-sdk/webhooks', '', 'webhooks/index'),
  entry('workspace-platform-sdk/webhooks/node', '', 'webhooks/node'),
  entry('workspace-platform-sdk/bulk', '', 'bulk/index'),
  entry('workspace-platform-sdk/boards', '', 'boards/index'),
  entry('workspace-platform-sdk/emulator', '', 'emulator/index'),
  entry('workspace-platform-sdk/testing', '', 'testing/index'),
  entry('workspace-platform-sdk/codegen', '', 'codegen/index'),
  entry('workspace-platform-emulator', 'packages/emulator/', 'index'),
  entry('workspace-platform-emulator/testing', 'packages/emulator/', 'testing'),
  entry('workspace-platform-emulator/schemas', 'packages/emulator/', 'schemas'),
  entry('workspace-platform-codegen', 'packages/codegen/', 'index'),
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the committed report lives. */
export const REPORT_PATH = `${ROOT}api/exports.md`;

/** One exported name and what it is. */
export interface ExportedName {
  name: string;
  kind: 'class' | 'function' | 'const' | 'enum' | 'interface' | 'type' | 'namespace';
  /** True when only the type is exported (`export type { … }`): nothing of that name exists at run time. */
  typeOnly: boolean;
  /** True when its TSDoc has `@deprecated`: an old name kept through 0.x, or something leaving the surface at 1.0. */
  deprecated: boolean;
}

/**
 * The node whose TSDoc documents `declaration`: a `const` (one of several declared together, or destructured) is
 * documented on its statement.
 */
function documentedNode(declaration: ts.Node): ts.Node {
  let node = declaration;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) {
    node = node.parent;
  }
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) return node.parent.parent;
  return node;
}

/** True when the exported symbol, or what it re-exports, carries a `@deprecated` tag. */
function isDeprecated(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const symbols = symbol.flags & ts.SymbolFlags.Alias ? [symbol, checker.getAliasedSymbol(symbol)] : [symbol];
  return symbols.some((each) =>
    (each.declarations ?? []).some((declaration) =>
      ts.getJSDocTags(documentedNode(declaration)).some((tag) => tag.tagName.text === 'deprecated'),
    ),
  );
}

function isTypeOnlyExport(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(
    (declaration) =>
      ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly),
  );
}

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): ExportedName['kind'] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const { flags } = target;
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Variable) return 'const';
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.Module) return 'namespace';
  return 'type';
}

const analysed = new Map<string, ExportedName[]>();
let entriesProgram: ts.Program | undefined;

/**
 * The program holding `file`: one for every entry's declarations together (the standard library and Node's types
 * are read once, not once per entry), or one of its own for another file.
 */
function programOf(file: string): ts.Program {
  const options = { strict: true, skipLibCheck: true, noEmit: true };
  const entryFiles = ENTRIES.map((entry) => `${ROOT}${entry.declarations}`);
  if (!entryFiles.includes(file)) return ts.createProgram([file], options);
  entriesProgram ??= ts.createProgram(entryFiles, options);
  return entriesProgram;
}

/** The exported names of a built declaration file, sorted (analysed once per process). */
export function exportedNames(declarations: string): ExportedName[] {
  const known = analysed.get(declarations);
  if (known) return known;
  const file = `${ROOT}${declarations}`;
  const program = programOf(file);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${declarations} is missing or has no exports: run \`npm run build\` first.`);
  const names = checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => ({
      name: symbol.getName(),
      kind: kindOf(symbol, checker),
      typeOnly: isTypeOnlyExport(symbol),
      deprecated: isDeprecated(symbol, checker),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  analysed.set(declarations, names);
  return names;
}

/**
 * True when the entry as a whole is deprecated (an old subpath kept through 0.x): its `@packageDocumentation`
 * comment, kept in the built declarations (the `.d.ts` of an entry may only re-export its `.d.cts`), says
 * `@deprecated`. Every name of such an entry is deprecated.
 */
export function isDeprecatedEntry(entry: Entry): boolean {
  const cts = `${ROOT}${entry.declarations.replace(/\.d\.ts$/, '.d.cts')}`;
  const text = readFileSync(existsSync(cts) ? cts : `${ROOT}${entry.declarations}`, 'utf8');
  return /\/\*\*(?:(?!\*\/)[\s\S])*@deprecated(?:(?!\*\/)[\s\S])*@packageDocumentation/.test(text);
}

/** The report's text for the current `dist/`. */
export function buildReport(): string {
  const sections = ENTRIES.map((entry) => {
    const wholeEntry = isDeprecatedEntry(entry);
    const lines = exportedNames(entry.declarations)
      .map(({ name, kind, typeOnly, deprecated: own }) => ({ name, kind, typeOnly, deprecated: own || wholeEntry }))
      .map(
        ({ name, kind, typeOnly, deprecated }) =>
          `- ${kind} \`${name}\`${typeOnly && kind !== 'type' && kind !== 'interface' ? ' (type only)' : ''}${deprecated ? ' (deprecated)' : ''}`,
      );
    const note = wholeEntry ? 'Deprecated entry, kept through 0.x: every name in it is deprecated.\n\n' : '';
    return `## \`${entry.specifier}\`\n\n${note}${lines.join('\n')}\n`;
  });
  return `# Public API\n\nThe exported names of each entry point of the three packages, from the built declarations. Generated by\n\`npm run api:report\` (after \`npm run build\`); \`test/api/exports.test.ts\` fails when this file and the build differ.\nA name marked (deprecated) is kept through 0.x and leaves at 1.0: its TSDoc names what replaces it.\n\n${sections.join('\n')}`;
}

/** The committed report. */
export function committedReport(): string {
  return readFileSync(REPORT_PATH, 'utf8');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(REPORT_PATH, buildReport());
  console.log('api:report: wrote api/exports.md');
}
