import type { RunSettings } from '../engine/types.ts';
import type { Permissions } from '../plan/types.ts';
import type { CliOptions } from './args.ts';

// The CLI's flags as the run's settings: the same type the action's inputs
// produce (src/action/settings.ts), so that the engine sees no difference.

export type EngineCommand = 'validate' | 'plan' | 'apply';

/** What a command may do: `plan` writes nothing; `apply` writes, renders and publishes unless --no-publish. */
function permissionsFor(command: EngineCommand, options: Pick<CliOptions, 'publish'>): Permissions {
  if (command === 'validate') return { write: false, render: false, publish: false };
  return { write: command === 'apply', render: true, publish: options.publish, publishDisabledBy: 'input' };
}

export function runSettingsFromFlags(command: EngineCommand, options: CliOptions): RunSettings {
  return {
    mode: command,
    cwd: options.cwd,
    manifests: options.manifests,
    allowEmpty: options.allowEmpty,
    permissions: permissionsFor(command, options),
    maxPublications: options.maxPublications,
    cancelRunning: options.cancelRunning,
    concurrency: options.concurrency,
    wait: options.wait,
    timeoutMs: options.timeoutMinutes * 60_000,
    lateWindowMs: options.lateWindowMs,
    pause: options.pause,
    overrideFreeze: options.overrideFreeze,
    atMostOnce: options.atMostOnce,
    selfHeal: options.selfHeal,
  };
}
