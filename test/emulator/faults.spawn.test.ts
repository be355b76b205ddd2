// Fault injection and the in-process admin handle.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, createItem, record, start } from './http.ts';

describe('fault injection', () => {
  it('scripted 429 with Retry-After, then normal service', async () => {
    const emu = await start();
    emu.admin.injectFault({
      method: 'GET',
      path: '/contents',
      times: 2,
      fault: { kind: 'status', status: 429, retryAfter: 3 },
    });
    for (let i = 0; i < 2; i++) {
      const answer = await call(emu, 'GET', '/v1/contents');
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('3');
    }
    expect((await call(emu, 'GET', '/v1/contents')).status).toBe(200);
    expect(emu.admin.requestLog.map((entry) => entry.status)).toEqual([429, 429, 200]);
  });

  it('5xx with a text body, matched by pattern', async () => {
    const emu = await start();
    emu.admin.injectFault({
      path: /task-status/,
      fault: { kind: 'status', status: 503, body: 'upstream down' },
    });
    const answer = await call(emu, 'GET', '/v1/gen/task-status/abc');
    expect(answer).toMatchObject({ status: 503, body: 'upstream down' });
    expect(answer.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('latency delays the answer but does not change it', async () => {
    const emu = await start();
    emu.admin.injectFault({ fault: { kind: 'latency', ms: 30 } });
    const answer = await call(emu, 'GET', '/v1/users/credits');
    expect(answer.status).toBe(200);
    expect(emu.admin.requestLog[0]).toMatchObject({ fault: 'latency', status: 200 });
  });

  it('drop: the connection is destroyed before handling, nothing is applied', async () => {
    const emu = await start();
    emu.admin.injectFault({ method: 'POST', path: '/v1/contents', fault: { kind: 'drop' } });
    await expect(call(emu, 'POST', '/v1/contents', { body: { title: 'never' } })).rejects.toThrow();
    expect(emu.admin.items()).toEqual([]);
    expect(emu.admin.requestLog[0]).toMatchObject({ status: 0, fault: 'drop' });
  });

  it('lose-response: the write is applied, then the answer is lost', async () => {
    const emu = await start();
    const item = await createItem(emu);
    emu.admin.injectFault({
      method: 'POST',
      path: '/gen/process-content-async',
      fault: { kind: 'lose-response' },
    });
    await expect(
      call(emu, 'POST', '/v1/gen/process-content-async', { body: { creation_id: item.id } }),
    ).rejects.toThrow();
    expect(record(emu, item.id).generationDispatches).toBe(1);
    expect(emu.admin.credits(emu.admin.defaultUserId)).toBe(996);
    expect(emu.admin.requestLog.at(-1)).toMatchObject({ status: 202, fault: 'lose-response' });
  });

  it('setLatency applies to every request; the request log names the user, never the key', async () => {
    const emu = await start();
    emu.admin.setLatency(5);
    await call(emu, 'GET', '/v1/accounts');
    const [entry] = emu.admin.requestLog;
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/v1/accounts',
      status: 200,
      user: emu.admin.defaultUserId,
    });
    expect(typeof entry?.time).toBe('number');
    expect(JSON.stringify(emu.admin.requestLog)).not.toContain(emu.apiKey);
  });
});

describe('admin', () => {
  it('users, accounts, credits and keys are created in-process', async () => {
    const emu = await start();
    const user = emu.admin.createUser({ credits: 3 });
    const account = emu.admin.addAccount(user, { platform: 'TikTok', name: 'someone' });
    const key = emu.admin.createKey(user, ['read']);
    expect((await call(emu, 'GET', '/v1/accounts', { key })).body.data).toEqual([account]);
    expect((await call(emu, 'GET', '/v1/users/credits', { key })).body).toEqual({ credits: 3 });
    emu.admin.setCredits(user, 10);
    expect(emu.admin.credits(user)).toBe(10);
  });

  it('close() leaves no timers or sockets behind, even with runs and delayed requests in flight', () => {
    // In a child process: if close() left anything behind, the process would not exit
    // until the 60-second phases ran out, and the spawn guard below would kill it.
    const script = `
      const { startEmulator } = await import(${JSON.stringify(pathToFileURL(path.resolve('src/emulator/index.ts')).href)});
      const emu = await startEmulator({ phaseMs: { audio: 60000, video: 60000, upload: 60000 } });
      const headers = { authorization: 'Bearer ' + emu.apiKey, 'content-type': 'application/json' };
      const created = await (await fetch(emu.baseUrl + '/v1/contents', { method: 'POST', headers, body: JSON.stringify({ title: 't', full_text: 'x.' }) })).json();
      const run = await fetch(emu.baseUrl + '/v1/gen/process-content-async', { method: 'POST', headers, body: JSON.stringify({ creation_id: created.id }) });
      emu.admin.injectFault({ path: '/v1/accounts', fault: { kind: 'latency', ms: 60000 } });
      const pending = fetch(emu.baseUrl + '/v1/accounts', { headers }).then(() => 'answered', () => 'closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await emu.close();
      console.log(run.status, await pending);
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      // Only a hang: a busy machine can take long to start Node and load the emulator.
      timeout: 100_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('202 closed');
    expect(child.status).toBe(0);
  });
});
