// Checks .github/dependabot.yml, which action-validator does not know: the
// keys and values of Dependabot's version 2 configuration as GitHub documents
// them, and that the updates cover what this repository has (package.json
// for npm, the actions used in .github/workflows/ for github-actions).
//
// `node scripts/validate-dependabot.ts [FILE]` prints one line per problem
// and exits 1 when there is any; scripts/validate-workflows.sh runs it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

const ECOSYSTEMS = [
  'bun',
  'bundler',
  'cargo',
  'composer',
  'devcontainers',
  'docker',
  'docker-compose',
  'dotnet-sdk',
  'elm',
  'github-actions',
  'gitsubmodule',
  'gomod',
  'gradle',
  'helm',
  'maven',
  'mix',
  'npm',
  'nuget',
  'pip',
  'pub',
  'swift',
  'terraform',
  'uv',
  'vcpkg',
] as const;

const directory = z.string().regex(/^\//, 'a directory starts with "/", the repository root');
const names = z.array(z.string().min(1));

const schedule = z.strictObject({
  interval: z.enum(['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'yearly', 'cron']),
  day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']).optional(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is HH:MM')
    .optional(),
  timezone: z.string().optional(),
  cronjob: z.string().optional(),
});

const group = z.strictObject({
  'applies-to': z.enum(['version-updates', 'security-updates']).optional(),
  'dependency-type': z.enum(['development', 'production']).optional(),
  patterns: names.optional(),
  'exclude-patterns': names.optional(),
  'update-types': z.array(z.enum(['major', 'minor', 'patch'])).optional(),
});

const update = z
  .strictObject({
    'package-ecosystem': z.enum(ECOSYSTEMS),
    directory: directory.optional(),
    directories: z.array(directory).min(1).optional(),
    schedule,
    allow: z.array(z.record(z.string(), z.string())).optional(),
    ignore: z.array(z.record(z.string(), z.unknown())).optional(),
    assignees: names.optional(),
    reviewers: names.optional(),
    labels: names.optional(),
    milestone: z.number().int().optional(),
    'commit-message': z
      .strictObject({
        prefix: z.string().max(50).optional(),
        'prefix-development': z.string().max(50).optional(),
        include: z.literal('scope').optional(),
      })
      .optional(),
    groups: z.record(z.string(), group).optional(),
    'open-pull-requests-limit': z.number().int().min(0).optional(),
    'pull-request-branch-name': z.strictObject({ separator: z.enum(['-', '_', '/']) }).optional(),
    'rebase-strategy': z.enum(['auto', 'disabled']).optional(),
    'target-branch': z.string().optional(),
    'versioning-strategy': z
      .enum(['auto', 'increase', 'increase-if-necessary', 'lockfile-only', 'widen'])
      .optional(),
    vendor: z.boolean().optional(),
    'insecure-external-code-execution': z.enum(['allow', 'deny']).optional(),
    registries: z.union([z.literal('*'), names]).optional(),
    cooldown: z.record(z.string(), z.unknown()).optional(),
    'exclude-paths': names.optional(),
  })
  .refine((entry) => (entry.directory === undefined) !== (entry.directories === undefined), {
    message: 'give exactly one of directory or directories',
  });

const config = z.strictObject({
  version: z.literal(2),
  updates: z.array(update).min(1),
  registries: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  'enable-beta-ecosystems': z.boolean().optional(),
});

type Config = z.infer<typeof config>;

/** The actions (owner/repo@ref) that the repository's own workflows use. */
function actionsUsed(root: string): string[] {
  const folder = join(root, '.github', 'workflows');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => /\.ya?ml$/.test(file))
    .flatMap((file) => [...readFileSync(join(folder, file), 'utf8').matchAll(/^\s*-?\s*uses:\s*([^\s#]+)/gm)])
    .map((match) => match[1]!)
    .filter((uses) => !uses.startsWith('./') && !uses.startsWith('docker://'));
}

function covers(parsed: Config, ecosystem: string, dir: string): boolean {
  return parsed.updates.some(
    (entry) =>
      entry['package-ecosystem'] === ecosystem &&
      (entry.directory === dir || (entry.directories ?? []).includes(dir)),
  );
}

/** Every problem of the configuration, as `where: what` lines; empty when it is sound. */
export function checkDependabot(text: string, root: string): string[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return [`not YAML: ${(error as Error).message}`];
  }
  const result = config.safeParse(data);
  if (!result.success) {
    return result.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const problems: string[] = [];
  for (const [index, entry] of result.data.updates.entries()) {
    for (const dir of entry.directories ?? [entry.directory!]) {
      if (!existsSync(join(root, dir))) problems.push(`updates.${index}: ${dir} does not exist`);
    }
  }
  if (existsSync(join(root, 'package.json')) && !covers(result.data, 'npm', '/')) {
    problems.push('updates: package.json has no npm entry for directory "/"');
  }
  if (actionsUsed(root).length > 0 && !covers(result.data, 'github-actions', '/')) {
    problems.push('updates: the workflows use actions, but no github-actions entry has directory "/"');
  }
  return problems;
}

if (import.meta.main) {
  const file = process.argv[2] ?? '.github/dependabot.yml';
  const problems = checkDependabot(readFileSync(file, 'utf8'), process.cwd());
  for (const problem of problems) process.stderr.write(`${file}: ${problem}\n`);
  process.exit(problems.length > 0 ? 1 : 0);
}
