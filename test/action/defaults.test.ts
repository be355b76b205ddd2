// One definition of each default (src/defaults.ts), and action.yml declares
// the same: the runner fills the inputs from action.yml, a local run from
// src/defaults.ts, and the two must not tell a workflow different things.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readInputs } from '../../src/action/inputs.ts';
import { parseCliArgs } from '../../src/cli/args.ts';
import { DEFAULTS, INPUT_DEFAULTS } from '../../src/defaults.ts';
import { ROOT } from '../support/runner.ts';

const ACTION_YML = readFileSync(join(ROOT, 'action.yml'), 'utf8');

/** Every input whose default in action.yml differs from src/defaults.ts, or that only one of them has. */
function differences(actionYml: string, defaults: Readonly<Record<string, string>>): string[] {
  const inputs = (parse(actionYml) as { inputs: Record<string, { default?: string | number | boolean }> })
    .inputs;
  const names = new Set([...Object.keys(inputs), ...Object.keys(defaults)]);
  return [...names].flatMap((name) => {
    if (!(name in inputs)) return [`${name}: only in src/defaults.ts`];
    const ours = defaults[name];
    if (ours === undefined) return [`${name}: only in action.yml`];
    // An input without a default is empty when the workflow leaves it out.
    const declared = inputs[name]!.default ?? '';
    // The runner fills `${{ github.token }}`; run anywhere else there is no token.
    if (typeof declared === 'string' && declared.startsWith('${{'))
      return ours === '' ? [] : [`${name}: ${ours}`];
    return String(declared) === ours
      ? []
      : [`${name}: action.yml ${String(declared)}, src/defaults.ts ${ours}`];
  });
}

describe('defaults', () => {
  it('action.yml declares every input with the default src/defaults.ts defines', () => {
    expect(differences(ACTION_YML, INPUT_DEFAULTS)).toEqual([]);
  });

  it('the comparison notices a changed default, a missing input and an extra one', () => {
    const changed = ACTION_YML.replace(/(max-publications:[\s\S]*?default: )'10'/, "$1'11'");
    expect(changed).not.toBe(ACTION_YML);
    expect(differences(changed, INPUT_DEFAULTS)).toEqual([
      'max-publications: action.yml 11, src/defaults.ts 10',
    ]);
    const { concurrency: _dropped, ...fewer } = INPUT_DEFAULTS;
    expect(differences(ACTION_YML, fewer)).toEqual(['concurrency: only in action.yml']);
    expect(differences(ACTION_YML, { ...INPUT_DEFAULTS, extra: 'x' })).toEqual([
      'extra: only in src/defaults.ts',
    ]);
  });

  it('empty inputs and a bare CLI command take the same defaults', () => {
    const action = readInputs((name) => (name === 'base-url' ? 'https://api.example.com' : ''));
    const cli = parseCliArgs(['plan'], '/repo') as Exclude<ReturnType<typeof parseCliArgs>, 'version'>;
    for (const key of [
      'manifests',
      'concurrency',
      'timeoutMinutes',
      'maxPublications',
      'publish',
      'wait',
      'cancelRunning',
      'lateWindowMs',
      'allowInsecureHttp',
    ] as const)
      expect({ key, value: cli[key] }).toEqual({ key, value: action[key] });
    expect(action.manifests).toBe(DEFAULTS.manifests);
  });
});
