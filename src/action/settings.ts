import type { RunSettings } from '../engine/types.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunDecision } from './mode.ts';

// The action's inputs, with the mode and permissions decided from the event
// (src/action/mode.ts), as the run's settings: the same type the CLI's flags
// produce (src/cli/settings.ts).

export function runSettingsFromInputs(inputs: ActionInputs, decision: RunDecision, cwd: string): RunSettings {
  return {
    mode: decision.mode,
    cwd,
    manifests: inputs.manifests,
    allowEmpty: inputs.allowEmpty,
    permissions: decision.permissions,
    maxPublications: inputs.maxPublications,
    cancelRunning: inputs.cancelRunning,
    concurrency: inputs.concurrency,
    wait: inputs.wait,
    timeoutMs: Math.round(inputs.timeoutMinutes * 60_000),
    lateWindowMs: inputs.lateWindowMs,
    ...(inputs.shard ? { shard: inputs.shard } : {}),
  };
}
