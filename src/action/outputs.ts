import type { PublishedUrl } from '../apply/types.ts';
import type { RunReport } from '../engine.ts';
import type { WorkflowCommands } from './commands.ts';

// The step outputs: `plan` and `results` as JSON, `published-urls` as a JSON
// array of {title, platform, url}, `changed` as true/false.

export interface ActionOutputs {
  plan: string;
  results: string;
  'published-urls': string;
  changed: string;
}

/** Keys that hold signed, expiring media URLs: never written, wherever they appear. */
const SIGNED_KEYS = new Set(['video_url', 'thumbnail_url']);

function json(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => (SIGNED_KEYS.has(key) ? undefined : inner));
}

/**
 * Past this size the `plan` output leaves the script texts out (the job
 * summary has them): GitHub keeps at most 1 MB of outputs per job.
 */
export const PLAN_OUTPUT_LIMIT = 512 * 1024;

function planJson(plan: RunReport['plan']): string {
  const full = json(plan);
  if (plan === null || full.length <= PLAN_OUTPUT_LIMIT) return full;
  return json({
    ...plan,
    scriptsOmitted: true,
    items: plan.items.map((item) => ({ ...item, script: { desired: null, remote: null } })),
  });
}

export function outputsFor(report: RunReport): ActionOutputs {
  const items = report.result?.items ?? [];
  // What this run published; items published by earlier runs are in `results`.
  const published: PublishedUrl[] = items
    .filter((item) => item.outcome === 'published')
    .flatMap((item) => item.publishedUrls.map((p) => ({ title: p.title, platform: p.platform, url: p.url })));
  return {
    plan: planJson(report.plan),
    results: json(items),
    'published-urls': json(published),
    changed: String(report.result?.changed ?? false),
  };
}

export async function writeOutputs(commands: WorkflowCommands, outputs: ActionOutputs): Promise<void> {
  for (const name of ['plan', 'results', 'published-urls', 'changed'] as const) {
    await commands.setOutput(name, outputs[name]);
  }
}
