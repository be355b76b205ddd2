// Interface, "Versioning" and "Events".
import { describe, expect, it } from 'vitest';
import { call, start } from './http.ts';

describe('Versioning', () => {
  it('the interface lives under the /v1 prefix; other paths are 404', async () => {
    const emu = await start();
    expect((await call(emu, 'GET', '/v1/contents')).status).toBe(200);
    const bare = await call(emu, 'GET', '/contents');
    expect(bare.status).toBe(404);
    expect(bare.body.error).toMatch(/\/v1/);
    expect((await call(emu, 'GET', '/v2/contents')).status).toBe(404);
  });

  it('a known path with the wrong method is refused with Allow', async () => {
    const emu = await start();
    const answer = await call(emu, 'DELETE', '/v1/contents');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
  });
});

describe('Events', () => {
  it('nothing is pushed: progress is read by polling task-status', async () => {
    const emu = await start();
    expect((await call(emu, 'GET', '/v1/webhooks')).status).toBe(404);
  });
});
