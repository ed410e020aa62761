/**
 * The import graph of the product sources (src/ and packages/*\/src), read with dpdm: every static import and export
 * of a module, type-only ones included, and dynamic `import()`. Shared by `check-cycles.mjs` (no circle among files)
 * and `check-house.mjs` (the floors' order among folders).
 */
import { parseDependencyTree } from 'dpdm';

/** The globs whose files make the house. */
export const SOURCE_GLOBS = ['src/**/*.ts', 'packages/*/src/**/*.ts'];

/** True for a path (relative to the repository root) that is product source, not a dependency or a built-in. */
export function isSource(path) {
  return /^(src|packages\/[^/]+\/src)\//.test(path);
}

/**
 * The graph: a Map from each source file to the set of source files it imports (type-only imports included).
 * @param {string} root the repository root
 */
export async function readImportGraph(root) {
  const tree = await parseDependencyTree(SOURCE_GLOBS, {
    context: root,
    tsconfig: `${root}/tsconfig.json`,
    transform: false,
    skipDynamicImports: false,
  });
  const graph = new Map();
  for (const [file, deps] of Object.entries(tree)) {
    if (!isSource(file)) continue;
    const targets = new Set();
    for (const dep of deps ?? []) if (dep.id && isSource(dep.id) && dep.id !== file) targets.add(dep.id);
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The strongly connected components with more than one node (each one holds at least one circle), by Tarjan's
 * algorithm, iterative so a deep graph cannot overflow the stack. Each component is sorted; the list is sorted by size.
 * @param {Map<string, Set<string>>} graph
 */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/**
 * One shortest circle through the first member of a component, as a path that ends where it starts (for a message
 * a reader can follow).
 * @param {Map<string, Set<string>>} graph
 * @param {string[]} component
 */
export function oneCircle(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}
