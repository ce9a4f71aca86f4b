import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** Each layer may import only from layers of a lower rank (docs/architecture.md, "Layers"). */
const LAYER_RANK: Record<string, number> = {
  core: 0,
  evidence: 1,
  sources: 2,
  judge: 3,
  store: 4,
  runs: 5,
  web: 6,
  server: 7,
  cli: 8,
};

/** External packages core may use: zod, and re2js (pure matching, no I/O). */
const CORE_PACKAGES = new Set(['zod', 're2js']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  const re =
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(re)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return base;
}

function layerOf(file: string): string | null {
  const first = relative(srcDir, file).split(sep)[0] ?? '';
  return first in LAYER_RANK ? first : null;
}

const files = sourceFiles(srcDir);

describe('architecture', () => {
  it('keeps core free of node: modules, I/O packages and other layers', () => {
    const offences: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === 'core')) {
      for (const spec of importsOf(file)) {
        const local = resolveLocal(file, spec);
        if (local) {
          if (layerOf(local) !== 'core') offences.push(`${relative(srcDir, file)} imports ${spec}`);
        } else if (!CORE_PACKAGES.has(spec)) {
          offences.push(`${relative(srcDir, file)} imports ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('imports only from layers above, never below', () => {
    const offences: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      if (!layer) continue;
      for (const spec of importsOf(file)) {
        const target = resolveLocal(file, spec);
        const targetLayer = target ? layerOf(target) : null;
        if (targetLayer && LAYER_RANK[targetLayer]! > LAYER_RANK[layer]!) {
          offences.push(`${relative(srcDir, file)} (${layer}) imports ${spec} (${targetLayer})`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map(
      files.map((f) => [
        f,
        importsOf(f)
          .map((s) => resolveLocal(f, s))
          .filter((t): t is string => !!t && files.includes(t)),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'visiting');
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'visiting') {
          cycles.push(
            stack
              .slice(stack.indexOf(next))
              .concat(next)
              .map((f) => relative(srcDir, f))
              .join(' -> '),
          );
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('reaches into another layer only through an index.ts', () => {
    const offences: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      for (const spec of importsOf(file)) {
        const target = resolveLocal(file, spec);
        const targetLayer = target ? layerOf(target) : null;
        if (!target || !targetLayer || targetLayer === layer) continue;
        // The layer's index.ts, or the index.ts of one of its parts (core/rubric, sources/files, judge/testing).
        if (!target.endsWith(`${sep}index.ts`)) offences.push(`${relative(srcDir, file)} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('imports heavy packages only where they belong: drivers in their backend, the AI SDK in the providers', () => {
    const allowed: Record<string, string[]> = {
      pg: ['store/postgres/', 'sources/fusion/'],
      'pg-boss': ['store/postgres/', 'runs/queue/'],
      'better-sqlite3': [
        'store/sqlite/',
        'sources/fusion/',
        'sources/sessions/formats/cursor/',
        'sources/load-better-sqlite3.ts',
      ],
      ai: ['judge/providers/'],
      '@ai-sdk/': ['judge/providers/'],
      'playwright-core': ['server/testing/'],
    };
    const offences: string[] = [];
    for (const file of files) {
      const path = relative(srcDir, file).split(sep).join('/');
      for (const spec of importsOf(file)) {
        const key = Object.keys(allowed).find((k) => (k.endsWith('/') ? spec.startsWith(k) : spec === k));
        if (key && !allowed[key]!.some((dir) => path.startsWith(dir))) offences.push(`${path} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("names what each layer index exports, so a layer's surface is read in one file (no export *)", () => {
    const indexes = files.filter((file) => file.endsWith(`${sep}index.ts`));
    expect(indexes.length).toBeGreaterThan(9);
    const star = indexes
      .filter((file) => /^\s*export\s+\*\s+from/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(srcDir, file));
    expect(star).toEqual([]);
  });

  it('points whoever comes next to the map of the layers in this repository', () => {
    const map = readFileSync(join(srcDir, '..', 'docs', 'architecture.md'), 'utf8');
    for (const layer of Object.keys(LAYER_RANK)) expect(map).toContain(`\`${layer}/\``);
  });

  it('sees the source tree it guards', () => {
    expect(files.some((f) => layerOf(f) === 'core')).toBe(true);
  });
});
