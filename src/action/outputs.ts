import type { PublishedUrl } from '../apply/types.ts';
import { publishedThisRun } from '../apply/results.ts';
import type { RunReport } from '../engine/types.ts';
import { fingerprint } from '../engine/fingerprint.ts';
import type { PlanItem } from '../plan/types.ts';
import type { WorkflowCommands } from './commands.ts';

// The step outputs: `plan` (without texts) and `results` as JSON, `published-urls` as a JSON
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

/** Fields whose values are texts: the `plan` output carries their fingerprints instead. */
const TEXT_FIELDS = new Set(['description', 'full_text', 'textover', 'hashtags', 'fine_tuning']);

export { fingerprint };

function withoutTexts(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, TEXT_FIELDS.has(key) ? fingerprint(value) : value]),
  );
}

function stepWithoutTexts(step: PlanItem['steps'][number]): unknown {
  if (step.kind === 'create') return { ...step, fields: withoutTexts({ ...step.fields }) };
  if (step.kind === 'edit') {
    return {
      ...step,
      send: withoutTexts({ ...step.send }),
      changes: step.changes.map((change) =>
        TEXT_FIELDS.has(change.field)
          ? { field: change.field, from: fingerprint(change.from), to: fingerprint(change.to) }
          : change,
      ),
    };
  }
  return step;
}

/**
 * The plan as the `plan` output: ids, steps, holds and matches, with every
 * script, description and hashtag line replaced by its fingerprint. GitHub
 * keeps at most 1 MB of outputs per job, and 300 new items' scripts alone
 * would pass it; the job summary and the PR comment show the texts.
 */
function planJson(plan: RunReport['plan']): string {
  if (plan === null) return json(null);
  return json({
    ...plan,
    items: plan.items.map((item) => ({
      ...item,
      steps: item.steps.map(stepWithoutTexts),
      drift: item.drift.map((drift) =>
        drift.field === 'video_settings'
          ? drift
          : { field: drift.field, remote: fingerprint(drift.remote), desired: fingerprint(drift.desired) },
      ),
      script: { desired: fingerprint(item.script.desired), remote: fingerprint(item.script.remote) },
      ...(item.serviceEdits
        ? {
            serviceEdits: item.serviceEdits.map((edit) => ({
              ...edit,
              service: fingerprint(edit.service),
              manifest: fingerprint(edit.manifest),
              ...(edit.outcome === 'conflict' ? { asked: fingerprint(edit.asked) } : {}),
            })),
          }
        : {}),
    })),
  });
}

export function outputsFor(report: RunReport): ActionOutputs {
  const items = report.result?.items ?? [];
  // What this run published; items published by earlier runs are in `results`.
  const published: PublishedUrl[] = items
    .filter(publishedThisRun)
    .flatMap((item) => item.publishedUrls.map((p) => ({ title: p.title, platform: p.platform, url: p.url })));
  return {
    plan: planJson(report.plan),
    results: json(items),
    'published-urls': json(published),
    changed: String(report.result?.changed ?? false),
  };
}

/**
 * The longest `plan`, `results` and `published-urls` outputs written whole:
 * GitHub keeps about 1 MB of outputs per job, and these three together stay
 * under it. Past its limit, an output says where the whole of it is (the
 * file of the `plan-file` or `results-file` output) instead of carrying it.
 */
export const OUTPUT_LIMITS = {
  plan: 512 * 1024,
  results: 256 * 1024,
  'published-urls': 128 * 1024,
} as const;

/**
 * An output's JSON when its UTF-8 bytes (what GitHub counts) fit `limit`,
 * else how many items it holds and the file that has them all.
 */
export function boundedOutput(whole: string, limit: number, file: string | null, items: number): string {
  if (Buffer.byteLength(whole, 'utf8') <= limit) return whole;
  return json({ truncated: true, items, characters: whole.length, file });
}

export async function writeOutputs(commands: WorkflowCommands, outputs: ActionOutputs): Promise<void> {
  for (const name of ['plan', 'results', 'published-urls', 'changed'] as const) {
    await commands.setOutput(name, outputs[name]);
  }
}
