// Conflicts, credits, rate limits and lost responses: apply never does anything twice.
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED, clientFor, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

function items(harness: Harness, title: string) {
  return harness.emulator.admin.items().filter((item) => item.title === title);
}

function count(harness: Harness, prefix: string): number {
  return harness.requests().filter((line) => line.startsWith(prefix)).length;
}

describe('lost responses (A33)', () => {
  it('a create whose answer was lost is found by its title, not sent again', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Lost create'));
    h.emulator.admin.injectFault({ method: 'POST', path: '/v1/contents', fault: { kind: 'lose-response' } });
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'created', error: null });
    expect(items(h, 'Lost create')).toHaveLength(1);
    expect(count(h, 'POST /v1/contents')).toBe(1);
  });

  it('a create that never arrived is sent again after the lookup', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Dropped create'));
    h.emulator.admin.injectFault({ method: 'POST', path: '/v1/contents', fault: { kind: 'drop' } });
    const report = await h.run({ createLookMs: 1_500 });
    expect(report.result?.items[0]?.error).toBeNull();
    expect(items(h, 'Dropped create')).toHaveLength(1);
    // Looked for with backoff (0, 0.5, 1, 1.5 s of the window) before the one resend.
    expect(h.requests().filter((line) => line === 'GET /v1/contents').length).toBeGreaterThanOrEqual(4);
    expect(h.logger.lines.some((line) => /has not appeared in 2 s; sending it again/.test(line))).toBe(true);
  });

  it('a generation whose answer was lost is resolved by reading the status', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Lost generation', PUBLISHED));
    h.emulator.admin.injectFault({
      method: 'POST',
      path: '/v1/gen/process-content-async',
      fault: { kind: 'lose-response' },
    });
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(items(h, 'Lost generation')[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });

  it('an upload whose answer was lost is resolved by reading the status', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Lost upload', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({
      method: 'POST',
      path: /\/contents\/upload\//,
      fault: { kind: 'lose-response' },
    });
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(items(h, 'Lost upload')[0]).toMatchObject({ uploadDispatches: 1 });
    expect(count(h, 'POST /v1/contents/upload')).toBe(1);
  });
});

describe('409 on upload', () => {
  it('waits and polls instead of sending again', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Conflicted', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({
      method: 'POST',
      path: /\/contents\/upload\//,
      fault: { kind: 'status', status: 409, body: { error: 'in flight', code: 'upload_in_progress' } },
    });
    const first = await h.run();
    expect(count(h, 'POST /v1/contents/upload')).toBe(1);
    expect(first.result?.items[0]?.error).toBeNull();
    // Nothing was in flight after all: the next run uploads it, once.
    const second = await h.run();
    expect(second.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(items(h, 'Conflicted')[0]?.uploadDispatches).toBe(1);
  });

  it('two applies at once publish every item once', async () => {
    h = await startHarness();
    for (const name of ['a', 'b', 'c'])
      await h.write(`${name}.yml`, manifest(`Twice ${name}`, `flow: stepwise\n${PUBLISHED}`));
    await h.run({ mode: 'apply', permissions: { write: true, render: false, publish: false } });
    const [one, two] = await Promise.all([h.run(), h.run()]);
    expect(one.fatal).toBeNull();
    expect(two.fatal).toBeNull();
    for (const name of ['a', 'b', 'c']) {
      const [item] = items(h, `Twice ${name}`);
      expect(item).toMatchObject({ status: 'UPLOADED', uploadDispatches: 1 });
    }
  });
});

describe('credits and scopes', () => {
  it('402: the item reports the balance, nothing else is attempted, the run fails', async () => {
    h = await startHarness({ credits: 2 });
    await h.write('a.yml', manifest('Too expensive', PUBLISHED));
    const report = await h.run();
    const result = report.result?.items[0];
    expect(result?.outcome).toBe('error');
    expect(result?.error).toMatch(/balance|credit/i);
    expect(report.result?.failed).toBe(true);
    expect(report.result?.creditsBefore).toBe(2);
    expect(items(h, 'Too expensive')[0]).toMatchObject({ generationDispatches: 0, uploadDispatches: 0 });
  });

  it('checks before the first write that a key which will generate holds generate', async () => {
    h = await startHarness();
    const key = h.emulator.admin.createKey(h.emulator.admin.defaultUserId, ['read']);
    const client = clientFor(h.emulator, key);
    await h.write('a.yml', manifest('Needs generate', PUBLISHED));
    const report = await h.run({ client });
    await client.close();
    expect(report.fatal).toMatch(/lacks the scope generate that generation needs/);
    expect(report.fatal).not.toContain(key);
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });
});

describe('429 storms', () => {
  it('every worker honours Retry-After and each item is published once', async () => {
    // One generation per 60 ms window: six items at once always meet 429s, however their reads spread them,
    // where the subscription does not state the limit (the pace is then learned from them).
    h = await startHarness({ rateLimit: { requests: 1, windowSeconds: 3 } });
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/subscription/current',
      fault: { kind: 'status', status: 404, body: { error: 'not found' } },
      times: Infinity,
    });
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const name of names) await h.write(`${name}.yml`, manifest(`Storm ${name}`, PUBLISHED));
    const report = await h.run({ concurrency: 6 });
    expect(report.result?.items.map((item) => item.outcome)).toEqual(names.map(() => 'published'));
    expect(h.emulator.admin.requestLog.some((entry) => entry.status === 429)).toBe(true);
    for (const name of names) {
      expect(items(h, `Storm ${name}`)[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
    }
  });
});

describe('failures and generating items', () => {
  it('retries a FAILED item once per apply and reports last_error', async () => {
    h = await startHarness({
      failures: [{ titleIncludes: 'Flaky', phase: 'video', message: 'render farm hiccup', times: 1 }],
    });
    await h.write('a.yml', manifest('Flaky render', 'stage: rendered\n'));
    const first = await h.run();
    expect(first.result?.items[0]).toMatchObject({ outcome: 'failed', status: 'FAILED_VIDEO' });
    expect(first.result?.items[0]?.lastError).toContain('render farm hiccup');
    expect(first.result?.failed).toBe(true);
    const second = await h.run();
    expect(second.plan?.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'retry_failed' }]);
    expect(second.result?.items[0]).toMatchObject({ outcome: 'rendered', status: 'VIDEO_PROCESSED' });
  });

  it('does not loop on an item that fails again', async () => {
    h = await startHarness({ failures: [{ titleIncludes: 'Broken', phase: 'audio', message: 'no voice' }] });
    await h.write('a.yml', manifest('Broken voice', 'stage: rendered\n'));
    await h.run();
    const second = await h.run();
    expect(second.result?.items[0]).toMatchObject({ outcome: 'failed', status: 'FAILED_AUDIO' });
    expect(second.result?.items[0]?.holds).toEqual([{ kind: 'already_retried', status: 'FAILED_AUDIO' }]);
    expect(items(h, 'Broken voice')[0]?.generationDispatches).toBe(2);
  });

  it('holds the edit of a generating item, or cancels it with cancel-running', async () => {
    // A voiceover long enough to be still generating when the third run
    // plans, however busy the machine; the video is short, for the render
    // the third run starts again.
    h = await startHarness({ phaseMs: { audio: 8_000, video: 50, upload: 50 } });
    await h.write('a.yml', manifest('Busy', 'stage: rendered\n'));
    await h.run({ wait: false });
    await h.write('a.yml', 'title: Busy\nfull_text: Changed while rendering.\nstage: rendered\n');
    const held = await h.run({ mode: 'plan', permissions: { write: false, render: false, publish: false } });
    expect(held.plan?.items[0]?.holds.map((hold) => hold.kind)).toEqual(['generating']);
    const cancelled = await h.run({ cancelRunning: true });
    expect(cancelled.plan?.items[0]?.steps).toMatchObject([
      { kind: 'edit', cancelGeneration: true },
      { kind: 'render', reason: 'script_changed' },
    ]);
    expect(cancelled.result?.items[0]).toMatchObject({ status: 'VIDEO_PROCESSED' });
    expect(items(h, 'Busy')[0]).toMatchObject({
      full_text: 'Changed while rendering.',
      generationDispatches: 2,
    });
  });
});

describe('run-level failures and timeouts', () => {
  it('a revoked key stops the run with what introspection says, never the key', async () => {
    h = await startHarness();
    const key = h.emulator.admin.createKey(h.emulator.admin.defaultUserId, ['read', 'write', 'generate']);
    h.emulator.admin.revokeKey(key);
    const client = clientFor(h.emulator, key);
    await h.write('a.yml', manifest('Unauthorised'));
    const report = await h.run({ client });
    await client.close();
    expect(report.fatal).toMatch(/401|revoked|invalid/i);
    expect(JSON.stringify(report)).not.toContain(key);
    expect(h.emulator.admin.items()).toEqual([]);
  });

  it('stops waiting at timeout-minutes and reports the item as running; the next run finishes it', async () => {
    const harness = (h = await startHarness({ phaseMs: { audio: 300, video: 300, upload: 50 } }));
    await h.write('a.yml', manifest('Slow one', PUBLISHED));
    // The run's clock passes its deadline once the render is under way, however slow the machine is.
    const rendering = () => (items(harness, 'Slow one')[0]?.generationDispatches ?? 0) > 0;
    const clock = {
      now: () => performance.now() + (rendering() ? 60_000 : 0),
      sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    };
    const first = await h.run({ timeoutMs: 30_000, clock });
    expect(first.result?.items[0]).toMatchObject({ outcome: 'running', error: null });
    expect(first.result?.failed).toBe(false);
    const second = await h.run();
    expect(second.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(items(h, 'Slow one')[0]).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });
});

describe('what was reviewed is what is rendered', () => {
  it('a stepwise script edited on the service after the plan was made is not rendered', async () => {
    h = await startHarness();
    const stepwise = `stage: rendered\nflow: stepwise\n`;
    await h.write('a.yml', manifest('Reviewed script', stepwise));
    await h.run({ mode: 'plan', permissions: { write: true, render: false, publish: false } });
    const [draft] = h.emulator.admin.items();
    const harness = h;
    const report = await h.run({
      // Someone edits the script between the plan (which reviewers read) and the render.
      onPlan: async () => {
        await harness.client.editContent(draft!.id, { textover: 'A script nobody reviewed.' });
      },
    });
    expect(report.result?.items[0]?.holds).toMatchObject([{ kind: 'script_changed_since_plan' }]);
    expect(h.emulator.admin.items()[0]).toMatchObject({ generationDispatches: 0 });
  });
});
