import {
  commonTokens,
  declareFactoryPlugin,
  PluginKind,
  tokens,
  type Injector,
} from '@stryker-mutator/api/plugin';
import type { TestRunner } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

// Stryker's vitest runner with one fix for vitest 5: to run only the tests
// that cover a mutant, the runner selects them by a name pattern that joins
// suite and test names with a space, while vitest 5 matches the pattern
// against names joined with " > ". Unfixed, no test matches, every mutant
// "survives" and every score is 0%. The pattern is rewritten to accept either.

interface VitestConfig {
  testNamePattern?: RegExp | undefined;
}

interface VitestRunner extends TestRunner {
  ctx?: { projects: Array<{ config: VitestConfig }> };
}

type Factory = ((injector: Injector) => VitestRunner) & { inject: unknown };

/** `a b` as written by the runner, matched against `a > b` as vitest 5 names it. */
export function acceptNestedNames(pattern: RegExp): RegExp {
  return new RegExp(pattern.source.replaceAll(' ', '(?: | > )'), pattern.flags);
}

function fixPatterns(config: VitestConfig): void {
  let current = config.testNamePattern;
  Object.defineProperty(config, 'testNamePattern', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: RegExp | undefined) => {
      current = value instanceof RegExp ? acceptNestedNames(value) : value;
    },
  });
}

const original = (vitestPlugins[0] as unknown as { factory: Factory }).factory;

function createRunner(injector: Injector): VitestRunner {
  const runner = original(injector);
  const init = runner.init?.bind(runner);
  runner.init = async () => {
    await init?.();
    for (const project of runner.ctx?.projects ?? []) fixPatterns(project.config);
  };
  return runner;
}
createRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-names', createRunner)];
