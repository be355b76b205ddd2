// The Idempotency-Key, which the interface does not mention: ignored by
// default, and honoured with `behaviours.honourIdempotencyKey` (a POST with
// a key the same user sent before returns the first answer, does nothing).
import { describe, expect, it } from 'vitest';
import { YOUTUBE, call, start, waitFor } from './http.ts';

const create = (emulator: Awaited<ReturnType<typeof start>>, key: string) =>
  call(emulator, 'POST', '/v1/contents', {
    body: { title: 'Keyed', full_text: 'Whales sing.' },
    headers: { 'idempotency-key': key },
  });

describe('Idempotency-Key', () => {
  it('is ignored by default: the same key twice makes two items', async () => {
    const emu = await start();
    await create(emu, 'k-1');
    await create(emu, 'k-1');
    expect(emu.admin.items()).toHaveLength(2);
  });

  it('when honoured: the same key returns the first answer and makes one item; another key makes another', async () => {
    const emu = await start({ behaviours: { honourIdempotencyKey: true } });
    const first = await create(emu, 'k-1');
    const again = await create(emu, 'k-1');
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(emu.admin.items()).toHaveLength(1);
    await create(emu, 'k-2');
    expect(emu.admin.items()).toHaveLength(2);
  });

  it('when honoured: an upload sent again with its key publishes once', async () => {
    const emu = await start({ behaviours: { honourIdempotencyKey: true } });
    const item = emu.admin.addLegacyItem({ title: 'Rendered', full_text: 'Whales sing.' });
    const upload = () =>
      call(emu, 'POST', `/v1/contents/upload/${item.id}`, {
        body: { account_ids: [YOUTUBE] },
        headers: { 'idempotency-key': 'upload-1' },
      });
    const first = await upload();
    expect(first.status).toBeLessThan(300);
    expect((await upload()).status).toBe(first.status);
    await waitFor(emu, item.id, ['UPLOADED']);
    expect(emu.admin.items().find((x) => x.id === item.id)).toMatchObject({ uploadDispatches: 1 });
  });
});
