import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
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
 * each entry looked at once. Null for a path that leads outside the
 * workspace, or that cannot be followed (missing, unreadable, a loop): what
 * changed there cannot be known, so the caller counts it as changed.
 */
export function linkFollower(cwd: string): (file: string) => LinkedPath | null {
  const root = path.resolve(cwd);
  const entries = new Map<string, Entry>();
  const entry = (relative: string): Entry => {
    let found = entries.get(relative);
    if (found === undefined) {
      found = readEntry(path.join(root, relative));
      entries.set(relative, found);
    }
    return found;
  };
  const workspace = workspaceOf(root);
  return (file) => {
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
}

function readEntry(full: string): Entry {
  try {
    if (!lstatSync(full).isSymbolicLink()) return { kind: 'plain' };
    return { kind: 'link', to: readlinkSync(full) };
  } catch {
    return { kind: 'missing' };
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
