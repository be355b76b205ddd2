// The house's rules, read from the sources: layers only point down (in the
// order docs/how-it-works.md gives), the planner is pure, the report
// only renders. `npm test` also runs madge for
// import cycles; this test says which way each import may point and why.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.ts';

const SRC = join(ROOT, 'src');

/**
 * The layers, lowest first, as the table under "The code" in
 * docs/how-it-works.md names them: a module may import its own area and any
 * area of a lower layer. Reading them from the document keeps the documented
 * map and the code one thing.
 */
function documentedLayers(): string[][] {
  const doc = readFileSync(join(ROOT, 'docs', 'how-it-works.md'), 'utf8');
  const lines = doc.slice(doc.indexOf('\n## The code\n')).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(
    first,
    lines.findIndex((line, i) => i > first && !line.startsWith('|')),
  );
  return table
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      [...line.split(' | ')[0]!.matchAll(/`([^`]+)`/g)].map(([, name]) => name!.replace(/\/$/, '')),
    );
}

const LAYERS = documentedLayers();

interface Edge {
  from: string;
  /** A path under src/ for a relative import, else the specifier (`node:fs`, `yaml`). */
  to: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every import and re-export of every module, static and dynamic, type-only included. */
const EDGES: Edge[] = sources(SRC).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const from = relative(SRC, file);
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm)].map(([, target]) => ({
    from,
    to: target!.startsWith('.') ? relative(SRC, normalize(join(dirname(file), target!))) : target!,
  }));
});

const areaOf = (path: string): string => path.split('/')[0]!;
const layerOf = (path: string): number => LAYERS.findIndex((layer) => layer.includes(areaOf(path)));
const local = EDGES.filter((edge) => !edge.to.startsWith('node:') && edge.to.includes('.ts'));

describe('the layers of src/', () => {
  it('takes its layers from docs/how-it-works.md', () => {
    expect(LAYERS[0]).toContain('text');
    expect(LAYERS.at(-1)).toEqual(['action', 'cli', 'main.ts', 'index.ts']);
  });

  it('reads every module and its imports', () => {
    expect(EDGES.length).toBeGreaterThan(300);
    expect(EDGES).toContainEqual({ from: 'engine/plan-stage.ts', to: 'plan/plan.ts' });
  });

  it('places every module in one layer docs/how-it-works.md names', () => {
    expect(
      [...new Set(sources(SRC).map((file) => relative(SRC, file)))].filter((p) => layerOf(p) < 0),
    ).toEqual([]);
  });

  it('has no import that points up a layer', () => {
    const upward = local
      .filter((edge) => areaOf(edge.from) !== areaOf(edge.to) && layerOf(edge.to) > layerOf(edge.from))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps the emulator out of the product: only the CLI starts it', () => {
    const users = local.filter((edge) => areaOf(edge.to) === 'emulator' && areaOf(edge.from) !== 'emulator');
    expect([...new Set(users.map((edge) => areaOf(edge.from)))]).toEqual(['cli']);
  });

  it("keeps the emulator free of the client: it reads only the interface's text", () => {
    // An emulator that borrowed the client's readings would get wrong what
    // the client gets wrong, and no test could notice.
    const borrowed = local
      .filter((edge) => areaOf(edge.from) === 'emulator')
      .filter((edge) => !['emulator', 'interface'].includes(areaOf(edge.to)))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(borrowed).toEqual([]);
  });

  it("keeps src/interface/ the interface's words: it imports nothing", () => {
    expect(EDGES.filter((edge) => areaOf(edge.from) === 'interface')).toEqual([]);
  });

  it('keeps src/plan/ pure: no I/O, no YAML, only data types from below', () => {
    const allowed = new Set([
      'service-client/types.ts',
      'manifest/types.ts',
      'manifest/suggest.ts',
      'defaults.ts',
      // Whether a value is a JSON object: a pure function of its argument.
      'record.ts',
      // Text as the service stores it: pure functions of a string.
      'text/service-terms.ts',
      // Durations as written, and wall-clock times in time zones (Intl): pure functions of their arguments.
      'text/duration.ts',
      'text/wall-clock.ts',
    ]);
    const impure = EDGES.filter((edge) => areaOf(edge.from) === 'plan' && areaOf(edge.to) !== 'plan')
      .filter((edge) => !allowed.has(edge.to))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(impure).toEqual([]);
  });

  it('keeps src/report/ a renderer: nothing that reaches a network', () => {
    const network =
      /^(?:node:(?:https?|http2|net|tls|dns|dgram)|undici|@actions\/github|@octokit\/|service-client\/(?:client|transport|listing)\.ts|github\/)/;
    const reaching = EDGES.filter((edge) => areaOf(edge.from) === 'report' && network.test(edge.to)).map(
      (edge) => `${edge.from} -> ${edge.to}`,
    );
    expect(reaching).toEqual([]);
  });
});
