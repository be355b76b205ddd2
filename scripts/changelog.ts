// CHANGELOG.md in the Keep a Changelog layout: an "## [Unreleased]" section
// on top, then one "## [X.Y.Z] - YYYY-MM-DD" section per release, newest
// first. The release command moves the Unreleased notes under a version; the
// release workflow reads one version's notes back as the GitHub release's body.
//
// `node scripts/changelog.ts notes X.Y.Z` prints that version's notes.
import { readFileSync } from 'node:fs';

const UNRELEASED = /^## \[Unreleased\][ \t]*$/im;
const ANY_SECTION = /^## /m;

interface Section {
  /** Index of the heading's first character. */
  start: number;
  /** Index just past the heading line. */
  bodyStart: number;
  /** Index of the next "## " heading, or the end of the text. */
  end: number;
}

function sectionAt(text: string, heading: RegExp): Section | null {
  const match = heading.exec(text);
  if (!match) return null;
  const bodyStart = match.index + match[0].length;
  const next = ANY_SECTION.exec(text.slice(bodyStart));
  // Link references ("[1.0.0]: https://…") at the foot belong to no section.
  const tail = /^\[[^\]]+\]: \S+/m.exec(text.slice(bodyStart));
  const candidates = [next?.index, tail?.index].filter((index): index is number => index !== undefined);
  const end = candidates.length > 0 ? bodyStart + Math.min(...candidates) : text.length;
  return { start: match.index, bodyStart, end };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function versionHeading(version: string): RegExp {
  return new RegExp(`^## \\[${escapeRegExp(version)}\\](?:[ \\t]+-[ \\t]+\\S+)?[ \\t]*$`, 'm');
}

/** The notes under "## [version]", trimmed, or null when the changelog has no such section. */
export function notesFor(changelog: string, version: string): string | null {
  const section = sectionAt(changelog, versionHeading(version));
  return section ? changelog.slice(section.bodyStart, section.end).trim() : null;
}

/**
 * The changelog with the Unreleased notes moved under "## [version] - date",
 * and an empty Unreleased section left on top for the next changes. Throws a
 * sentence saying what to fix when there is nothing to move or the version
 * already has a section.
 */
export function releaseUnreleased(changelog: string, version: string, date: string): string {
  const unreleased = sectionAt(changelog, UNRELEASED);
  if (!unreleased) {
    throw new Error('CHANGELOG.md has no "## [Unreleased]" section: add one above the latest version.');
  }
  if (notesFor(changelog, version) !== null) {
    throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  }
  const notes = changelog.slice(unreleased.bodyStart, unreleased.end).trim();
  if (notes === '') {
    throw new Error(
      'CHANGELOG.md says nothing under "## [Unreleased]": write what changed for users before releasing.',
    );
  }
  const heading = changelog.slice(unreleased.start, unreleased.bodyStart);
  const rest = changelog.slice(unreleased.end);
  return `${changelog.slice(0, unreleased.start)}${heading}\n\n## [${version}] - ${date}\n\n${notes}\n${rest === '' ? '' : `\n${rest}`}`;
}

if (import.meta.main) {
  const [command, version] = process.argv.slice(2);
  if (command !== 'notes' || !version) {
    process.stderr.write('usage: node scripts/changelog.ts notes X.Y.Z\n');
    process.exit(2);
  }
  // The workflow passes the tag's name; the changelog's headings have no "v".
  const bare = version.replace(/^v/, '');
  const notes = notesFor(readFileSync('CHANGELOG.md', 'utf8'), bare);
  if (notes === null || notes === '') {
    process.stderr.write(`CHANGELOG.md has no notes under "## [${bare}]".\n`);
    process.exit(1);
  }
  process.stdout.write(`${notes}\n`);
}
