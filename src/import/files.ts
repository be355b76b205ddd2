import { existsSync } from 'node:fs';
import path from 'node:path';
import { globRoot } from '../manifest/glob.ts';

// Where imported manifests go: a folder under the manifests' glob, one file
// per item named after its title, never one that exists already.

/** The default output folder: `imported` under the folder the manifests' glob starts in. */
export function defaultOutDir(pattern: string): string {
  const root = globRoot(pattern);
  return root === '' ? 'imported' : `${root}/imported`;
}

/** A file name from a title: lower-case ASCII words joined by dashes, at most 60 characters. */
function slugOf(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, 60).replace(/-+$/, '');
}

/**
 * Names Windows keeps for devices, whatever the extension: `con.yml` opens
 * the console on a Windows runner, and git cannot check it out there.
 */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/**
 * Picks file names for a batch: the title's slug (the id's start when the
 * title has no letter in ASCII), with -2, -3… when the name is taken on disk
 * or earlier in the batch, or is a Windows device name. A slug has no `_`,
 * so `_defaults.yml` is never among them.
 */
export class FileNamer {
  readonly #taken = new Set<string>();
  readonly #dir: string;

  constructor(absoluteDir: string) {
    this.#dir = absoluteDir;
  }

  name(title: string, id: string): string {
    const slug =
      slugOf(title) ||
      `item-${id
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toLowerCase()}`;
    for (let n = WINDOWS_DEVICE.test(slug) ? 2 : 1; ; n++) {
      const name = `${slug}${n === 1 ? '' : `-${n}`}.yml`;
      const key = name.toLowerCase();
      if (this.#taken.has(key) || existsSync(path.join(this.#dir, name))) continue;
      this.#taken.add(key);
      return name;
    }
  }
}
