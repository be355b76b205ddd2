import { describe, expect, it } from 'vitest';
import { manifestAtBase } from '../../src/engine/preview-reach.ts';
import { askAhead, rememberedVersions, type PreviousVersions } from '../../src/git/earlier-versions.ts';

// A manifest at the base is read with the defaults above it, every name
// asked before any answer is awaited: git answers the reads of one turn of
// the event loop from one process, so a plan that reads many bases starts
// a few processes, not one per file and folder.

/** Earlier versions held in memory, each read answered on a later turn; records the turn each read was asked on. */
function recordingVersions(files: Record<string, string>): {
  previous: PreviousVersions;
  asked: Map<string, number>;
} {
  let turn = 0;
  const asked = new Map<string, number>();
  const tick = (): void => {
    turn += 1;
  };
  return {
    asked,
    previous: {
      read: (file) => {
        asked.set(file, turn);
        return new Promise((answer) =>
          setImmediate(() => {
            tick();
            answer(files[file] ?? null);
          }),
        );
      },
    },
  };
}

describe('a manifest at the base', () => {
  it("asks for every defaults file above it at once, and applies each folder's first", async () => {
    const { previous, asked } = recordingVersions({
      'content/ocean/whales.yml': 'title: Whales\n',
      'content/_defaults.yml': 'description: From the content folder.\n',
      'content/ocean/_defaults.yaml': 'hashtags: [ocean]\n',
    });
    const found = await manifestAtBase(previous, 'content/ocean/whales.yml');
    expect(found.kind).toBe('item');
    if (found.kind === 'item') {
      expect(found.item.fields.description).toBe('From the content folder.');
      expect(found.item.fields.hashtags).toContain('ocean');
    }
    const defaultsTurns = [...asked]
      .filter(([file]) => file !== 'content/ocean/whales.yml')
      .map(([, turn]) => turn);
    expect(defaultsTurns.length).toBeGreaterThanOrEqual(6); // two names in each of three folders
    expect(new Set(defaultsTurns).size).toBe(1);
  });

  it('is no base when a defaults file above it cannot be read', async () => {
    const previous: PreviousVersions = {
      read: async (file) => {
        if (file === 'content/_defaults.yml') throw new Error('unreadable');
        return file.endsWith('whales.yml') ? 'title: Whales\n' : null;
      },
    };
    expect(await manifestAtBase(previous, 'content/whales.yml')).toEqual({ kind: 'none', why: 'no_base' });
  });

  it('is asked of the source once a run, whichever stage asks, a failure included', async () => {
    const asked: string[] = [];
    const remembered = rememberedVersions({
      read: async (file) => {
        asked.push(file);
        if (file === 'content/gone.yml') throw new Error('unreadable');
        return 'title: Whales\n';
      },
      earlier: async (file) => {
        asked.push(`history of ${file}`);
        return [];
      },
    });
    await Promise.all([remembered.read('content/whales.yml'), remembered.read('content/whales.yml')]);
    await remembered.read('content/whales.yml');
    await expect(remembered.read('content/gone.yml')).rejects.toThrow('unreadable');
    await expect(remembered.read('content/gone.yml')).rejects.toThrow('unreadable');
    await remembered.earlier!('content/whales.yml');
    await remembered.earlier!('content/whales.yml');
    expect(asked).toEqual(['content/whales.yml', 'content/gone.yml', 'history of content/whales.yml']);
    expect('readable' in remembered).toBe(false);
  });

  it('is asked ahead, with the defaults above each file, all on one turn and once, a failure left to whoever reads it', async () => {
    const { previous, asked } = recordingVersions({ 'content/ocean/whales.yml': 'title: Whales\n' });
    let readableAsked = 0;
    const remembered = rememberedVersions({
      read: (file) =>
        file === 'content/gone.yml' ? Promise.reject(new Error('unreadable')) : previous.read(file),
      readable: async () => {
        readableAsked += 1;
        return true;
      },
    });
    askAhead(remembered, ['content/ocean/whales.yml', 'content/ocean/seals.yml', 'content/gone.yml']);
    expect(readableAsked).toBe(1);
    expect([...asked.keys()]).toEqual(
      expect.arrayContaining([
        'content/ocean/whales.yml',
        'content/ocean/seals.yml',
        '_defaults.yml',
        'content/ocean/_defaults.yml',
      ]),
    );
    expect(new Set(asked.values())).toEqual(new Set([0]));
    const before = asked.size;
    expect((await manifestAtBase(remembered, 'content/ocean/whales.yml')).kind).toBe('item');
    await expect(remembered.read('content/gone.yml')).rejects.toThrow('unreadable');
    expect(asked.size).toBe(before);
  });
});
