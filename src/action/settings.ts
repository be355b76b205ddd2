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
    pause: inputs.pause,
    overrideFreeze: decision.overrideFreeze,
    atMostOnce: inputs.atMostOnce,
    ...previewRendersOf(inputs, decision),
    selfHeal: inputs.selfHeal,
  };
}

/** Preview renders: only on a run that previews (a same-repository pull request's), never on any other. */
function previewRendersOf(inputs: ActionInputs, decision: RunDecision): Pick<RunSettings, 'previewRenders'> {
  const { permissions } = decision;
  const previews = permissions.draftsOnly === true && permissions.write && decision.trusted;
  if (!previews || inputs.previewRenders === 0) return {};
  return { previewRenders: { limit: inputs.previewRenders, credits: inputs.previewCredits } };
}
