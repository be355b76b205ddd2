import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

// A file of the catalogue can be reached through links: a manifest (or a
// `_defaults.yml`, or `_release.yml`) that is a link to another file, or a
// folder on its way that links elsewhere (the manifests' glob walks a link
// to a folder as the folder). git and GitHub name a change by the path that
// changed, never by the path a link gives it: an edit is the target's, a
// retargeted link is the link's own path. So what a change to a file of the
// catalogue is measured on is where its path really leads, and every link
// met on the way there.

/** Where a path of the workspace leads. Paths are relative to the workspace, with `/`. */
export interface LinkedPath {
  /** The path with every link followed: where the file really is. */
  target: string;
  /** Every link met on the way (a link's link too), as its own path; [] when none. */
  links: string[];
}

/** More links than this on one path is a loop (as the system counts them). */
const MAX_LINKS = 40;

type Entry = { kind: 'link'; to: string } | { kind: 'plain' } | { kind: 'missing' };

/**
 * Follows the links of paths in the workspace `cwd`, one segment at a time,
 * each folder listed once. Null for a path that leads outside the
 * workspace, or that cannot be followed (missing, unreadable, a loop): what
 * changed there cannot be known, so the caller counts it as changed.
 */
export function linkFollower(cwd: string): (file: string) => LinkedPath | null {
  const root = path.resolve(cwd);
  // Each folder is listed once: one readdir tells the links among all its entries.
  const folders = new Map<string, Map<string, boolean> | null>();
  const entry = (relative: string): Entry => {
    const slash = relative.lastIndexOf('/');
    const folder = slash === -1 ? '' : relative.slice(0, slash);
    let names = folders.get(folder);
    if (names === undefined) {
      names = listFolder(path.join(root, folder));
      folders.set(folder, names);
    }
    const isLink = names?.get(relative.slice(slash + 1));
    if (isLink === undefined) return { kind: 'missing' };
    if (!isLink) return { kind: 'plain' };
    try {
      return { kind: 'link', to: readlinkSync(path.join(root, relative)) };
    } catch {
      return { kind: 'missing' };
    }
  };
  const workspace = workspaceOf(root);
  const resolve = (file: string): LinkedPath | null => {
    const pending = file.split('/');
    const resolved: string[] = [];
    const links: string[] = [];
    while (pending.length > 0) {
      const segment = pending.shift()!;
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (resolved.pop() === undefined) return null; // above the workspace
        continue;
      }
      const here = [...resolved, segment].join('/');
      const found = entry(here);
      if (found.kind === 'missing') return null;
      if (found.kind === 'plain') {
        resolved.push(segment);
        continue;
      }
      if (links.push(here) > MAX_LINKS) return null;
      let to = found.to;
      if (path.isAbsolute(to)) {
        const inside = workspace(to);
        if (inside === null) return null;
        resolved.length = 0;
        to = inside;
      }
      pending.unshift(...to.split(path.sep === '\\' ? /[\\/]/ : '/'));
    }
    return { target: resolved.join('/'), links };
  };
  // A catalogue is many files in few folders: each folder is followed once, then each file's own name.
  const followed = new Map<string, LinkedPath | null>();
  const folderOf = (folder: string): LinkedPath | null => {
    let found = followed.get(folder);
    if (found === undefined) {
      found = resolve(folder);
      followed.set(folder, found);
    }
    return found;
  };
  return (file) => {
    const slash = file.lastIndexOf('/');
    const name = file.slice(slash + 1);
    if (name === '' || name === '.' || name === '..') return resolve(file);
    const folder = folderOf(slash === -1 ? '' : file.slice(0, slash));
    if (folder === null) return null;
    const here = folder.target === '' ? name : `${folder.target}/${name}`;
    const found = entry(here);
    if (found.kind === 'missing') return null;
    if (found.kind === 'plain') return { target: here, links: folder.links };
    return resolve(file);
  };
}

/** A folder's entries, each with whether it is a link; null when the folder cannot be read. */
function listFolder(full: string): Map<string, boolean> | null {
  try {
    return new Map(
      readdirSync(full, { withFileTypes: true }).map((entry) => [entry.name, entry.isSymbolicLink()]),
    );
  } catch {
    return null;
  }
}

/** An absolute path as a path of the workspace (written, or as the system resolves it); null outside it. */
function workspaceOf(root: string): (absolute: string) => string | null {
  let real: string | null | undefined;
  return (absolute) => {
    real ??= (() => {
      try {
        return realpathSync(root);
      } catch {
        return null;
      }
    })();
    for (const base of real === null || real === root ? [root] : [root, real]) {
      const relative = path.relative(base, absolute);
      if (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
        return relative.split(path.sep).join('/');
    }
    return null;
  };
}
