// The catalogue's own files, beside its manifests: a folder's
// `_defaults.yml` (or `.yaml`) applies to every manifest below it, and
// `_release.yml` in the manifests' folder is release control. Their names,
// and which folders a manifest inherits from, are written here once: the
// loader, a change's scope, a pull request's base and the earlier versions
// of a manifest all ask this module.

export const DEFAULTS_FILES = ['_defaults.yml', '_defaults.yaml'] as const;
const RELEASE_FILES = ['_release.yml', '_release.yaml'] as const;

function nameOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/** Whether a path names a folder's defaults file (in any folder). */
export function isDefaultsFile(file: string): boolean {
  return (DEFAULTS_FILES as readonly string[]).includes(nameOf(file));
}

/** Whether a path names a release file (in any folder). */
export function isReleaseFile(file: string): boolean {
  return (RELEASE_FILES as readonly string[]).includes(nameOf(file));
}

/**
 * Whether a change to this file can change the manifests of its folder and
 * below: `_defaults.yml`, `_release.yml`, or any other `_`-named YAML.
 */
export function isCatalogueFile(file: string): boolean {
  return /^_.*\.ya?ml$/i.test(nameOf(file));
}

/** The release files the loader looks for in `root` ('' is the workspace). */
export function releaseFilesIn(root: string): string[] {
  return RELEASE_FILES.map((name) => inFolder(root, name));
}

/** The folders whose defaults apply to a file, outermost first: '' (the root), 'content', 'content/a'. */
export function foldersOf(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))];
}

/** The defaults files that may apply to `file`: for each of its folders, outermost first, the names it may have. */
export function defaultsFilesAbove(file: string): string[][] {
  return foldersOf(file).map((folder) => DEFAULTS_FILES.map((name) => inFolder(folder, name)));
}

function inFolder(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}
