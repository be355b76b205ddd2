// Combinations of readings the fuzzer once found breaking an invariant, each
// the smallest subset it shrank to, as `npm run fuzz` prints it: one line
// each. A combination that holds a reading the client is known to get wrong
// today (known-failures.ts) waits, skipped, until that reading leaves the list.
import { describe, expect, it } from 'vitest';
import { KNOWN_FAILURES } from './known-failures.ts';
import { playStory } from './story.ts';

const REGRESSIONS: readonly { seed: number; readings: readonly string[] }[] = [
  // An upload still queued was not "in flight" for the emulator's 409 guard: one publication twice.
  { seed: 7, readings: ['queued-keeps-status'] },
  { seed: 200152, readings: ['paging-has-more', 'dates-without-fraction', 'slow-answers'] },
  { seed: 200172, readings: ['dates-without-fraction', '503-on-create-not-applied'] },
  { seed: 300473, readings: ['dates-without-fraction', 'persona-id-ignored', '503-on-create-not-applied'] },
  { seed: 1100038, readings: ['504-html-after-create'] },
  { seed: 1200040, readings: ['statuses-capitalised', 'object-under-content', '504-html-after-create'] },
  {
    seed: 1200038,
    readings: [
      'dates-epoch-seconds-in-rows',
      'credits-as-string',
      'parks-after-voiceover',
      'deleted-during-walk',
    ],
  },
  { seed: 7, readings: ['queued-before-first-phase', 'status-lags-dispatch'] },
  // Found on seed 7, one reading at a time; they wait for the client's fixes.
  { seed: 7, readings: ['dates-epoch-seconds-in-rows'] },
  { seed: 7, readings: ['rows-minimal'] },
  { seed: 7, readings: ['task-status-lower-case'] },
  { seed: 7, readings: ['statuses-lower-case'] },
  { seed: 7, readings: ['task-status-404-before-first-run'] },
  { seed: 7, readings: ['platforms-lower-case'] },
  { seed: 7, readings: ['platforms-upper-case'] },
  // A Go service writes a page with no rows as `{data: null}`: a walk that ends on an empty page stopped.
  { seed: 7, readings: ['empty-lists-as-null', 'paging-no-hint'] },
  { seed: 7, readings: ['create-answers-nothing'] },
  { seed: 7, readings: ['titles-nfc'] },
  { seed: 7, readings: ['412-on-first-edit'] },
  { seed: 7, readings: ['titles-collapsed-whitespace'] },
  { seed: 1, readings: ['queued-before-first-phase'] },
  { seed: 7, readings: ['list-lags-creates'] },
  { seed: 100004, readings: ['statuses-capitalised'] },
  // Found by `npm run fuzz -- --runs 500` on seeds 1 to 3, shrunk.
  { seed: 100395, readings: ['progress-kept-stale'] },
  { seed: 200015, readings: ['contents-bare-array', 'paging-ignores-page'] },
  { seed: 200042, readings: ['503-on-create-not-applied', 'detail-lags-creates', 'created-during-walk'] },
  {
    seed: 300425,
    readings: [
      'size-its-own',
      'generation-answers-204',
      'queued-before-first-phase',
      'dropped-connection-on-detail',
    ],
  },
  { seed: 8, readings: ['301-on-accounts'] },
  // Found by `npm run fuzz -- --runs 500` on seed 1: a redirect that lost the page size had the first page
  // of accounts cut at the service's default, and page 2 asked in the size of the run skipped an account.
  { seed: 100357, readings: ['size-as-page_size', '301-on-accounts'] },
  { seed: 8, readings: ['307-on-task-status'] },
  // Two overlapping applies, each creating the titles: a listing behind its writes, a detail 404 after
  // the create, and creates that name no item beside times to the second each left two live items.
  { seed: 1, readings: ['list-lags-creates'] },
  { seed: 1, readings: ['detail-lags-creates'] },
  { seed: 300020, readings: ['create-answers-empty-object', 'dates-without-fraction'] },
  // An item another run had just created was listed and its detail answered 404: nothing was planned for it.
  {
    seed: 2300196,
    readings: [
      'published-url-comma-joined',
      'create-answers-content-id',
      'progress-kept-stale',
      'detail-lags-creates',
    ],
  },
  // Found by `npm run fuzz -- --runs 500` on seed 2 once the five readings above were drawn: a retitle's 412
  // read again into a 404 behind the create; rows without status beside a lost create; a listing that would
  // not read after the creates.
  { seed: 200195, readings: ['412-on-first-edit', 'detail-lags-creates'] },
  { seed: 200255, readings: ['paging-offset', 'rows-without-status', 'create-answers-nothing'] },
  { seed: 200371, readings: ['paging-ignores-page', 'list-lags-creates'] },
  // Found once by `npm run fuzz -- --runs 500` on seed 3, on a loaded machine: an item created just before a
  // run was killed, and the two applies after it both inside the detail's lag, each holding the item. The
  // story's client now pauses on the story's clock as a real run does on the real one.
  { seed: 300057, readings: ['platforms-lower-case', 'task-status-job-state', 'detail-lags-creates'] },
];

const known = new Set(KNOWN_FAILURES.map((entry) => entry.reading));

describe('readings the fuzzer once found breaking an invariant', () => {
  for (const { seed, readings } of REGRESSIONS) {
    const waiting = readings.filter((name) => known.has(name));
    it.skipIf(waiting.length > 0)(`seed ${seed}: ${readings.join(', ')}`, async () => {
      const { violations } = await playStory(seed, readings);
      expect(violations).toEqual([]);
    });
  }
});
