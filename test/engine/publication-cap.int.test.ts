// max-publications at its edges: a plan exactly at the cap is applied, one
// over it is refused before any write, and a cap of 0 allows plans that
// publish nothing. The CLI's exit code tells the two refusals apart the same way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/help.ts';
import { exitCode } from '../../src/cli/run.ts';
import type { RunReport } from '../../src/engine/types.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const writes = (): string[] => h.requests().filter((line) => !line.startsWith('GET'));

describe('max-publications in the engine', () => {
  it('applies a plan that publishes exactly as many times as the cap allows', async () => {
    await h.write('a.yml', manifest('Cap one', PUBLISHED));
    await h.write('b.yml', manifest('Cap two', PUBLISHED));
    const report = await h.run({ maxPublications: 2 });
    expect(report.plan?.publications).toBe(2);
    expect(report.fatal).toBeNull();
    expect(report.result?.items.map((item) => item.outcome)).toEqual(['published', 'published']);
  });

  it('a cap of 0 refuses a plan with one publication, writing nothing', async () => {
    await h.write('a.yml', manifest('Capped', PUBLISHED));
    const report = await h.run({ maxPublications: 0 });
    expect(report.plan?.publications).toBe(1);
    expect(report.fatal).toMatch(/publish 1 time.*max-publications \(0\)/);
    expect(report.result).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('a cap of 0 still applies a plan that publishes nothing', async () => {
    await h.write('a.yml', manifest('Draft only'));
    const report = await h.run({ maxPublications: 0 });
    expect(report.plan?.publications).toBe(0);
    expect(report.fatal).toBeNull();
    expect(report.result?.items[0]?.outcome).toBe('created');
    expect(writes().length).toBeGreaterThan(0);
  });
});

describe('max-publications in the CLI exit code', () => {
  // A fatal report: the exit code says whether the manifests (a plan over the
  // cap) or the service (anything else) stopped the run.
  const fatal = (publications: number): RunReport =>
    ({
      mode: 'apply',
      load: { items: [], problems: [], files: ['content/a.yml'], outlines: [] },
      plan: { publications },
      result: null,
      problems: [],
      fatal: 'stopped',
    }) as unknown as RunReport;

  it('a plan exactly at the cap was not refused for its publications: the service stopped it', () => {
    expect(exitCode(fatal(2), { maxPublications: 2 })).toBe(EXIT.service);
    expect(exitCode(fatal(0), { maxPublications: 0 })).toBe(EXIT.service);
  });

  it('a plan over the cap was refused: the manifests failed', () => {
    expect(exitCode(fatal(3), { maxPublications: 2 })).toBe(EXIT.failed);
    expect(exitCode(fatal(1), { maxPublications: 0 })).toBe(EXIT.failed);
  });
});
