import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from '../../src/service-client/bounded-response.ts';
import { NetworkError, OutcomeUnknownError } from '../../src/service-client/index.ts';
import { withCpuTime } from '../support/cpu-time.ts';
import { drip, huge } from '../support/scripted-server.ts';
import { setup } from './fixtures.ts';

// A server that never finishes an answer, or sends one far too large: the
// request fails on time with a clear error, and memory stays bounded.

const t = setup();
const GiB = 1024 * 1024 * 1024;

/** Peak resident memory while fn runs, above what it was before, in MiB. */
async function peakGrowthMiB<T>(fn: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await fn();
    return { result, growth: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

describe('a server that drips its answer', () => {
  it('fails each attempt at its deadline, though a byte comes every 100 ms', async () => {
    const { client, server } = t.make({ requestTimeoutMs: 800, retry: { attempts: 2, baseDelayMs: 0 } });
    server.always('GET', '/contents', drip(100));
    const started = Date.now();
    const error = await client.listContents().catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/timeout, no complete answer within 0\.8 s\) after 2 attempts/);
    expect(server.requests('GET', '/contents')).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    // Far less than one attempt at the default 30 s: each ended at its own
    // deadline. Generous, as a busy machine runs timers late.
    expect(elapsed).toBeLessThan(20_000);
  });

  it('never outlives the call deadline, whatever the attempts left', async () => {
    const { client, server } = t.make({
      requestTimeoutMs: 30_000,
      retry: { attempts: 5, baseDelayMs: 0, deadlineMs: 1200 },
    });
    server.always('GET', '/contents', drip(100));
    const started = Date.now();
    await expect(client.listContents()).rejects.toThrow(/no complete answer within 1\.2 s/);
    // Far less than one attempt's 30 s: the call's deadline ended it (generous, for a busy machine).
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a POST that drips is not sent again: its outcome is unknown', async () => {
    const { client, server } = t.make({ requestTimeoutMs: 500 });
    server.always('POST', '/contents', drip(100));
    await expect(client.createContent({ title: 'x', fullText: 'y' } as never)).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    expect(server.requests('POST', '/contents')).toHaveLength(1);
  });
});

describe('a server that answers 1 GiB', () => {
  it('stops reading at the cap, says so, does not ask again, and holds little memory (chunked)', async () => {
    const { client, server } = t.make();
    server.always('GET', '/contents', huge(GiB, false));
    const {
      value: { result: error, growth },
      cpuMs,
    } = await withCpuTime(() => peakGrowthMiB(() => client.listContents().catch((e: unknown) => e)));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(
      "GET /contents: the service's answer is larger than 16 MiB, the most one answer may be; it was not read further and not asked for again. Check base-url points at the service.",
    );
    expect(server.requests('GET', '/contents')).toHaveLength(1);
    // Both ends run in this process: sending and reading all of 1 GiB would cost seconds of CPU.
    expect(cpuMs).toBeLessThan(2_000);
    expect(growth).toBeLessThan((3 * MAX_RESPONSE_BYTES) / 2 ** 20 + 64);
  });

  it('refuses at once an answer that declares its size (an item)', async () => {
    const { client, server } = t.make();
    server.always('GET', '/contents/c-1', huge(GiB, true));
    const { value: error, cpuMs } = await withCpuTime(() =>
      client.getContent('c-1').catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests('GET', '/contents/c-1')).toHaveLength(1);
    expect(cpuMs).toBeLessThan(500);
  });
});
