// Matching manifests to remote items, one rule at a time: pinned ids, exact
// titles, renames, other shards' items, and the order of everything returned.
import { describe, expect, it } from 'vitest';
import type { ContentSummary } from '../../src/service-client/types.ts';
import { matchItems, orphanTitles, renameCandidates } from '../../src/plan/identity.ts';
import { desired, remote, summaryOf } from '../support/fixtures.ts';

/** A listed item with nothing but its id and title. */
function row(id: string, title: string): ContentSummary {
  return summaryOf(remote(desired(`${id}.yml`), { id, title, full_text: null }));
}

const titled = (file: string, title: string) => desired(file, { fields: { title } });
const pinned = (file: string, id: string, title = `Title of ${file}`) =>
  desired(file, {
    id,
    fields: { title },
    locations: { title: { file, line: 1, column: 8 }, id: { file, line: 2, column: 5 } },
  });

describe('orphanTitles', () => {
  it('keeps the titles of remote items no manifest claims by its current title or pins by id', () => {
    const items = [titled('a.yml', 'Claimed'), pinned('b.yml', 'p1', 'Pinned title')];
    const remote = [
      row('r1', 'Claimed'),
      row('p1', 'Old title of the pinned one'),
      row('r2', 'Nobody'),
      row('r3', 'Nobody either'),
    ];
    expect([...orphanTitles(items, remote)]).toEqual(['Nobody', 'Nobody either']);
    expect(orphanTitles(items, [row('r1', 'Claimed'), row('p1', 'Anything')]).size).toBe(0);
    expect(orphanTitles([], [])).toEqual(new Set());
  });

  it("does not count a pinned manifest's title as claiming: a renamed manifest may have had it", () => {
    // B pins p2 and is titled "Intro"; A was "Intro" and is now "Intro (old)".
    const items = [titled('a.yml', 'Intro (old)'), pinned('b.yml', 'p2', 'Intro')];
    const remote = [row('r1', 'Intro'), row('p2', 'Pinned item')];
    expect([...orphanTitles(items, remote)]).toEqual(['Intro']);
    const matched = matchItems(items, remote, { previousTitles: new Map([['a.yml', 'Intro']]) }).matched;
    expect(matched.find((entry) => entry.item.file === 'a.yml')).toMatchObject({
      match: 'renamed',
      remote: { id: 'r1' },
    });
  });
});

describe('renameCandidates', () => {
  it('keeps only manifests that pin no id and whose title no remote item has', () => {
    const items = [
      titled('a.yml', 'Kept'),
      titled('b.yml', 'On the service'),
      pinned('c.yml', 'x', 'Pinned'),
    ];
    expect(renameCandidates(items, [row('r1', 'On the service')]).map((item) => item.file)).toEqual([
      'a.yml',
    ]);
  });
});

describe('matchItems', () => {
  it('matches a pinned id, and reports an unknown one at the id field', () => {
    const { matched, problems } = matchItems(
      [pinned('a.yml', 'known'), pinned('b.yml', 'gone')],
      [row('known', 'Whatever it is called now')],
    );
    expect(matched.map(({ item, match, remote }) => [item.file, match, remote?.id ?? null])).toEqual([
      ['a.yml', 'pinned', 'known'],
      ['b.yml', 'pinned', null],
    ]);
    expect(problems).toMatchObject([{ code: 'unknown_id', file: 'b.yml', field: 'id', line: 2, column: 5 }]);
  });

  it('lets the first manifest by path claim an item, whatever order the manifests come in', () => {
    // b.yml pins the item that a.yml has by title: a.yml (first by path) keeps it.
    const { matched, problems } = matchItems(
      [pinned('b.yml', 'r1'), titled('a.yml', 'Shared')],
      [row('r1', 'Shared')],
    );
    expect(matched.map(({ item, match, remote }) => [item.file, match, remote?.id ?? null])).toEqual([
      ['a.yml', 'title', 'r1'],
      ['b.yml', 'new', null],
    ]);
    expect(problems).toMatchObject([
      { code: 'claimed_twice', file: 'b.yml', field: 'id', line: 2, column: 5 },
    ]);
    expect(problems[0]!.message).toContain('already claimed by a.yml');
  });

  it('reports a second claim by title at the title field', () => {
    const { problems } = matchItems(
      [pinned('a.yml', 'r1'), titled('b.yml', 'Shared')],
      [row('r1', 'Shared')],
    );
    expect(problems).toMatchObject([{ code: 'claimed_twice', file: 'b.yml', field: 'title' }]);
  });

  it('names both ids, sorted, when two remote items have the title, and lets neither be taken', () => {
    const { matched, problems, unmanaged } = matchItems(
      [titled('a.yml', 'Twice'), titled('b.yml', 'New')],
      [row('z-id', 'Twice'), row('a-id', 'Twice')],
      { previousTitles: new Map([['b.yml', 'Twice']]) },
    );
    expect(matched.map(({ item, match, remote }) => [item.file, match, remote])).toEqual([
      ['a.yml', 'title', null],
      ['b.yml', 'new', null],
    ]);
    expect(problems).toMatchObject([{ code: 'duplicate_remote_title', file: 'a.yml', field: 'title' }]);
    expect(problems[0]!.message).toContain('(a-id and z-id)');
    expect(unmanaged).toEqual([]);
  });

  describe('renames', () => {
    it('takes the one unclaimed item with the title the file had before', () => {
      const { matched } = matchItems([titled('a.yml', 'New name')], [row('r1', 'Old name')], {
        previousTitles: new Map([['a.yml', 'Old name']]),
      });
      expect(matched).toMatchObject([{ match: 'renamed', renamedFrom: 'Old name', remote: { id: 'r1' } }]);
    });

    it('creates when no earlier title is known', () => {
      const { matched } = matchItems([titled('a.yml', 'New name')], [row('r1', 'Old name')]);
      expect(matched).toMatchObject([{ match: 'new', remote: null, renamedFrom: null }]);
    });

    it('creates when two items have the earlier title: which one was meant is not known', () => {
      const { matched } = matchItems([titled('a.yml', 'New name')], [row('r1', 'Old'), row('r2', 'Old')], {
        previousTitles: new Map([['a.yml', 'Old']]),
      });
      expect(matched).toMatchObject([{ match: 'new', remote: null }]);
    });

    it('creates when the earlier title now belongs to another manifest', () => {
      const { matched } = matchItems(
        [titled('a.yml', 'New name'), titled('b.yml', 'Old')],
        [row('r1', 'Old')],
        { previousTitles: new Map([['a.yml', 'Old']]) },
      );
      expect(matched.map(({ item, match }) => [item.file, match])).toEqual([
        ['a.yml', 'new'],
        ['b.yml', 'title'],
      ]);
    });
  });

  describe("other shards' manifests", () => {
    it('reserve the item they pin, not an item that only shares its title', () => {
      const other = pinned('z.yml', 'theirs', 'Shared');
      const { matched, problems } = matchItems(
        [titled('a.yml', 'Shared')],
        [row('theirs', 'Other title'), row('mine', 'Shared')],
        {
          reserved: [other],
        },
      );
      expect(problems).toEqual([]);
      expect(matched).toMatchObject([{ match: 'title', remote: { id: 'mine' } }]);
    });

    it('reserve the item with their title', () => {
      const { matched, problems } = matchItems([pinned('a.yml', 'r1')], [row('r1', 'Theirs')], {
        reserved: [titled('z.yml', 'Theirs')],
      });
      expect(matched).toMatchObject([{ match: 'new', remote: null }]);
      expect(problems).toMatchObject([{ code: 'claimed_twice', file: 'a.yml' }]);
    });

    it('reserve nothing when they match nothing', () => {
      const { matched, unmanaged } = matchItems(
        [titled('a.yml', 'Mine')],
        [row('r1', 'Mine'), row('r2', 'Free')],
        {
          reserved: [titled('z.yml', 'Absent')],
        },
      );
      expect(matched).toMatchObject([{ remote: { id: 'r1' } }]);
      expect(unmanaged.map((ref) => ref.id)).toEqual(['r2']);
    });
  });

  it('returns manifests by path, renames among them, and unmanaged items by title then id', () => {
    const { matched, unmanaged } = matchItems(
      [titled('c.yml', 'C'), titled('a.yml', 'Renamed'), titled('b.yml', 'B')],
      [
        row('rb', 'B'),
        row('rc', 'C'),
        row('old', 'Before'),
        row('y2', 'Zed'),
        row('y1', 'Zed'),
        row('x', 'Alpha'),
      ],
      { previousTitles: new Map([['a.yml', 'Before']]) },
    );
    expect(matched.map(({ item, match }) => [item.file, match])).toEqual([
      ['a.yml', 'renamed'],
      ['b.yml', 'title'],
      ['c.yml', 'title'],
    ]);
    expect(unmanaged).toEqual([
      { id: 'x', title: 'Alpha', status: 'NEW' },
      { id: 'y1', title: 'Zed', status: 'NEW' },
      { id: 'y2', title: 'Zed', status: 'NEW' },
    ]);
  });

  it('lists no unmanaged item when asked not to (a shard cannot know)', () => {
    expect(matchItems([], [row('r1', 'Free')], { listUnmanaged: false }).unmanaged).toEqual([]);
  });
});
