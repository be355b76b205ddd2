import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from '../../src/api/bounded-response.ts';
import { NetworkError, OutcomeUnknownError } from '../../src/api/index.ts';
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
    expect(elapsed).toBeLessThan(4000);
  });

  it('never outlives the call deadline, whatever the attempts left', async () => {
    const { client, server } = t.make({
      requestTimeoutMs: 30_000,
      retry: { attempts: 5, baseDelayMs: 0, deadlineMs: 1200 },
    });
    server.always('GET', '/contents', drip(100));
    const started = Date.now();
    await expect(client.listContents()).rejects.toThrow(/no complete answer within 1\.2 s/);
    expect(Date.now() - started).toBeLessThan(3000);
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
    const started = Date.now();
    const { result: error, growth } = await peakGrowthMiB(() =>
      client.listContents().catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(
      "GET /contents: the service's answer is larger than 16 MiB, the most one answer may be; it was not read further and not asked for again. Check base-url points at the service.",
    );
    expect(server.requests('GET', '/contents')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(growth).toBeLessThan((3 * MAX_RESPONSE_BYTES) / 2 ** 20 + 64);
  });

  it('refuses at once an answer that declares its size (an item)', async () => {
    const { client, server } = t.make();
    server.always('GET', '/contents/c-1', huge(GiB, true));
    const started = Date.now();
    await expect(client.getContent('c-1')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests('GET', '/contents/c-1')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
