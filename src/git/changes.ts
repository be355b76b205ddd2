import { readdirSync } from 'node:fs';
import path from 'node:path';
import { foldersOf, isCatalogueFile } from '../manifest/catalogue-files.ts';
import { git } from './history.ts';
import { linkFollower } from './links.ts';

// What a change touches, measured from a base commit: a pull request's plan
// reads in detail only the manifests its change touches, and counts the rest
// from the service's listing. A manifest is touched when it is new since the
// base, or changed, or when a file that applies to every manifest of its
// folder and below changed: `_defaults.yml`, and any other `_`-named YAML
// file (a file of the catalogue, not a manifest). Where a file's state at the
// base is not known, it counts as touched: reading too much costs requests,
// reading too little would show a wrong plan. A file reached through links
// (links.ts) changed when where it leads changed, or a link on the way did;
// one that leads outside the workspace, or nowhere, counts as changed.

/** The files of the workspace that differ from a base. Paths are relative to the workspace, with `/`. */
export interface ChangedFiles {
  /** The base, as the report names it: a commit or the ref given. */
  base: string;
  /** Whether `file`, which the workspace has, differs from the base: new since, or changed. */
  differs(file: string): boolean;
  /** Files that differ from the base and that the change named: changed, renamed, deleted. */
  changed: ReadonlySet<string>;
}

/** The manifests a change touches, for the engine (EngineDependencies.changes). */
export interface ChangeScope {
  base: string;
  /** The files the change names (changed, renamed, deleted), as git or the host lists them. */
  changed: ReadonlySet<string>;
  /** Whether the manifest `file` must be read in detail: it, or a file that applies to it, changed since the base. */
  touches(file: string): boolean;
}

function paths(stdout: string): string[] {
  return stdout.split('\0').filter((entry) => entry !== '');
}

/**
 * The workspace against `ref` in git: the files `ref` has (under `cwd`) and
 * the tracked files that differ from it, the working tree's edits included.
 * A file the base does not have is new, tracked or not. Null when git cannot
 * read `ref` here (no repository, a commit the clone does not have).
 */
async function gitChangedFiles(cwd: string, ref: string, name = ref): Promise<ChangedFiles | null> {
  const [tree, diff] = await Promise.all([
    git(cwd, ['ls-tree', '-r', '-z', '--name-only', ref, '--', '.']),
    git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative', ref, '--', '.']),
  ]);
  if (!tree.ok || !diff.ok) return null;
  const atBase = new Set(paths(tree.stdout));
  const changed = new Set(paths(diff.stdout));
  return { base: name, differs: (file) => !atBase.has(file) || changed.has(file), changed };
}

/** The change of the workspace `cwd` since `ref` (named `name` in reports); null when git cannot read `ref` here. */
export async function changesSince(cwd: string, ref: string, name = ref): Promise<ChangeScope | null> {
  const files = await gitChangedFiles(cwd, ref, name);
  return files === null ? null : changeScope(cwd, files);
}

/** A file of a change as a host lists it (GitHub's files of a pull request). */
export interface ListedFile {
  /** The path from the repository's root, with `/`. */
  filename: string;
  /** `removed` for a file the change deletes; anything else, the file is there after it. */
  status: string;
  /** The name before a rename. */
  previousFilename: string | null;
}

/**
 * The change a host lists (`files`, the whole of it), with what the checkout
 * itself changed since: a file git does not track there (a step wrote it,
 * ignored or not) or one that differs from the checkout's commit. Named
 * `name` in reports; null when git cannot read the checkout.
 */
export async function listedChanges(
  cwd: string,
  files: readonly ListedFile[],
  name: string,
): Promise<ChangeScope | null> {
  const [tracked, edited] = await Promise.all([
    git(cwd, ['ls-files', '-z', '--', '.']),
    git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative', 'HEAD', '--', '.']),
  ]);
  if (!tracked.ok || !edited.ok) return null;
  const inCheckout = new Set(paths(tracked.stdout));
  const local = new Set(paths(edited.stdout));
  const present = new Set(files.filter((file) => file.status !== 'removed').map((file) => file.filename));
  const named = files.flatMap((file) => [
    file.filename,
    ...(file.previousFilename ? [file.previousFilename] : []),
  ]);
  return changeScope(cwd, {
    base: name,
    differs: (file) => present.has(file) || !inCheckout.has(file) || local.has(file),
    changed: new Set([...named, ...local]),
  });
}

/** The manifests `changes` touches, in the workspace `cwd` (each folder looked at once). */
export function changeScope(cwd: string, changes: ChangedFiles): ChangeScope {
  const follow = linkFollower(cwd);
  // A file differs when where it leads does, or a link on its way: git and GitHub name those paths, not the file's.
  const differs = (file: string): boolean => {
    const linked = follow(file);
    if (linked === null) return true; // outside the workspace, or not to be followed: read it
    if (linked.links.length === 0) return changes.differs(file);
    return changes.differs(linked.target) || linked.links.some((link) => changes.differs(link));
  };
  // Catalogue files changed or deleted since the base, by folder (as git and GitHub name it: where it really is).
  const changedFolders = new Set(
    [...changes.changed].filter((file) => isCatalogueFile(file)).map((file) => path.posix.dirname(file)),
  );
  const folders = new Map<string, boolean>();
  const folderChanged = (folder: string): boolean => {
    let changed = folders.get(folder);
    if (changed === undefined) {
      const linked = follow(folder);
      changed =
        linked === null ||
        linked.links.some((link) => changes.differs(link)) ||
        changedFolders.has(linked.target === '' ? '.' : linked.target) ||
        changedFolders.has(folder === '' ? '.' : folder) ||
        newCatalogueFile(cwd, folder, differs);
      folders.set(folder, changed);
    }
    return changed;
  };
  // Asked of every manifest more than once (as it is named, as it is planned): each answer kept.
  const answers = new Map<string, boolean>();
  return {
    base: changes.base,
    changed: changes.changed,
    touches: (file) => {
      let touched = answers.get(file);
      if (touched === undefined) {
        touched = differs(file) || foldersOf(file).some(folderChanged);
        answers.set(file, touched);
      }
      return touched;
    },
  };
}

/** A catalogue file the folder has now that differs from the base (new since, tracked or not, or through its links). */
function newCatalogueFile(cwd: string, folder: string, differs: (file: string) => boolean): boolean {
  let names: string[];
  try {
    names = readdirSync(path.join(cwd, folder));
  } catch {
    return true; // a folder that cannot be read: its files may have changed
  }
  return names.filter(isCatalogueFile).some((name) => differs(folder === '' ? name : `${folder}/${name}`));
}
