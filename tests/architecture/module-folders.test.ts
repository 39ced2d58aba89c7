import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = 'src/server/modules';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|mts)$/.test(name) ? [path] : [];
  });
}

/** Which other module folders each server module imports (static and dynamic imports, types included). */
export function moduleGraph(root = MODULES): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory())) {
    const uses = new Set<string>();
    for (const file of filesUnder(join(root, module))) {
      const depth = file.slice(root.length + 1).split('/').length - 1;
      const up = '../'.repeat(depth);
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
        const spec = match[1];
        if (!spec.startsWith(up)) continue;
        const other = spec.slice(up.length).split('/')[0];
        if (other && other !== module && other !== '..' && !other.startsWith('.')) uses.add(other);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

/** A cycle of module folders, as a path that comes back to its start, or undefined. */
export function folderCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = graph.has(next) ? visit(next) : undefined;
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('server module folders', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([['wallet', new Set(['promotions'])], ['promotions', new Set(['wallet'])], ['spin', new Set(['promotions'])]]);
    expect(folderCycle(graph)).toEqual(['wallet', 'promotions', 'wallet']);
    expect(folderCycle(new Map([['a', new Set(['b'])], ['b', new Set<string>()]]))).toBeUndefined();
  });

  it('import each other in one direction only: no folder cycle between server modules', () => {
    const graph = moduleGraph();
    expect(graph.get('wallet')).toBeDefined();
    // Money rules of other areas join the wallet's and deposits' steps as hooks (ledger/hooks.ts).
    expect([...graph.get('wallet')!]).not.toContain('promotions');
    expect([...graph.get('deposits')!]).not.toContain('spin');
    expect([...graph.get('deposits')!]).not.toContain('promotions');
    expect(folderCycle(graph)).toBeUndefined();
  });
});
