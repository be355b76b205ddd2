// The bundled action against a service that drips its answers, or answers
// 1 GiB: the run ends within its deadline (timeout-minutes), says why, and
// its memory stays bounded. The big body is generated as it is sent.
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireDist, ROOT, runAction, type RunnerEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const KEY = 'svc_live_hostile-server-test-key';
const schedule: RunnerEvent = { name: 'schedule', payload: { schedule: '0 6 * * *' } };

let server: Server | undefined;
const sockets = new Set<Socket>();

/**
 * A server that answers every request with `answer`, counts them, and says
 * how long ago the first came: a run's time from its first call, which a
 * busy machine's slow start of the bundle does not add to.
 */
async function serve(
  answer: (res: ServerResponse) => void,
): Promise<{ url: string; requests: () => number; sinceFirstMs: () => number }> {
  let count = 0;
  let firstAt = Number.NaN;
  server = createServer((req, res) => {
    count += 1;
    if (count === 1) firstAt = performance.now();
    req.resume();
    answer(res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    sinceFirstMs: () => performance.now() - firstAt,
  };
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

beforeAll(() => requireDist());

async function workspace(): Promise<string> {
  const dir = await tempDir('cac-ws-');
  await cp(join(ROOT, 'examples/content'), join(dir, 'content'), { recursive: true });
  return dir;
}

/** Peak resident memory of a process, in MiB, from /proc (Linux). */
function watchPeak(): { onSpawn: (pid: number) => void; peakMiB: () => number } {
  let peakKiB = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    onSpawn: (pid) => {
      timer = setInterval(() => {
        try {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          peakKiB = Math.max(peakKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        } catch {
          clearInterval(timer);
        }
      }, 10);
    },
    peakMiB: () => {
      clearInterval(timer);
      return peakKiB / 1024;
    },
  };
}

describe('dist/index.js against a hostile server', () => {
  it('a server that drips one byte every 200 ms: the run ends at timeout-minutes with a clear error', async () => {
    const { url, sinceFirstMs } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
    });
    const run = await runAction({
      workspace: await workspace(),
      event: schedule,
      inputs: { 'api-key': KEY, 'base-url': url, mode: 'apply', 'timeout-minutes': '0.05' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::.*timeout, no complete answer within 3 s/);
    // 3 s per call; the run's calls before it gives up are few and each is
    // bounded: it ended far sooner than one call at the default 30 s
    // (generous, as a busy machine runs timers late).
    expect(sinceFirstMs()).toBeLessThan(20_000);
  });

  it('a server that answers 1 GiB: refused at 16 MiB, not asked again, memory bounded', async () => {
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let left = 1024 * 1024 * 1024;
      const pump = (): void => {
        while (left > 0 && !res.destroyed) {
          left -= chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => (left = 0));
      pump();
    });
    const memory = watchPeak();
    const run = await runAction({
      workspace: await workspace(),
      event: schedule,
      inputs: { 'api-key': KEY, 'base-url': server.url, mode: 'apply' },
      onSpawn: memory.onSpawn,
    });
    const peak = memory.peakMiB();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "the service's answer is larger than 16 MiB, the most one answer may be; it was not read further and not asked for again.",
    );
    expect(server.requests()).toBeLessThanOrEqual(3); // one per call the engine makes, none resent
    expect(server.sinceFirstMs()).toBeLessThan(20_000);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(256);
    console.log(`1 GiB answer: peak RSS ${peak.toFixed(0)} MiB, ${server.requests()} request(s)`);
  });

  it('base-url: credentials in it are never echoed; plain http to another host is refused', async () => {
    const dir = await workspace();
    const ftp = await runAction({
      workspace: dir,
      event: schedule,
      inputs: { 'api-key': KEY, 'base-url': 'ftp://user:password@host', mode: 'apply' },
    });
    expect(ftp.code).toBe(1);
    expect(ftp.stdout).toContain('Input `base-url`: expected an http:// or https:// URL');
    expect(ftp.stdout).toContain('ftp://***@host');
    expect(`${ftp.stdout}${ftp.stderr}${ftp.summary}`).not.toContain('password');

    const http = await runAction({
      workspace: dir,
      event: schedule,
      inputs: { 'api-key': KEY, 'base-url': 'http://api.example.com', mode: 'apply' },
    });
    expect(http.code).toBe(1);
    expect(http.stdout).toContain(
      '::error::base-url is plain http:// to api.example.com, so the API key would cross the network in clear text. Use https://, or set allow-insecure-http: true if the network in between is yours.',
    );
  });
});
