// Rename detection when the old title is taken: the file renamed away from
// "Old name" must not fight the manifest that now carries "Old name" for the
// same remote item. The rename is dropped (the renamed file becomes a new
// item); no claimed_twice error blocks the catalogue.
import { describe, expect, it } from 'vitest';
import { matchItems } from '../../src/plan/identity.ts';
import { desired, remote, summaryOf } from '../support/fixtures.ts';

const oldItem = summaryOf(remote(desired('old.yml', { fields: { title: 'Old name' } }), { id: 'c-old' }));

describe('a rename whose old title another manifest claims', () => {
  it('leaves the item to the manifest that has its title now, and creates the renamed one', () => {
    const renamed = desired('a.yml', { fields: { title: 'New name' } });
    const holder = desired('b.yml', { fields: { title: 'Old name' } });
    const result = matchItems([renamed, holder], [oldItem], {
      previousTitles: new Map([['a.yml', 'Old name']]),
    });
    expect(result.problems).toEqual([]);
    expect(result.matched.map((m) => [m.item.file, m.match, m.remote?.id ?? null, m.renamedFrom])).toEqual([
      ['a.yml', 'new', null, null],
      ['b.yml', 'title', 'c-old', null],
    ]);
    expect(result.unmanaged).toEqual([]);
  });

  it('leaves the item alone when a manifest of another shard has the old title', () => {
    const renamed = desired('a.yml', { fields: { title: 'New name' } });
    const elsewhere = desired('z.yml', { fields: { title: 'Old name' } });
    const result = matchItems([renamed], [oldItem], {
      previousTitles: new Map([['a.yml', 'Old name']]),
      reserved: [elsewhere],
      listUnmanaged: false,
    });
    expect(result.problems).toEqual([]);
    expect(result.matched).toMatchObject([{ match: 'new', remote: null, renamedFrom: null }]);
  });

  it('still renames when nobody else claims the old title', () => {
    const renamed = desired('a.yml', { fields: { title: 'New name' } });
    const result = matchItems([renamed], [oldItem], { previousTitles: new Map([['a.yml', 'Old name']]) });
    expect(result.problems).toEqual([]);
    expect(result.matched).toMatchObject([
      { match: 'renamed', renamedFrom: 'Old name', remote: { id: 'c-old' } },
    ]);
  });
});
