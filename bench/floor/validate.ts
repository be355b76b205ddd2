// The floor of a validate run: the libraries the action is built on
// (@actions/core, @actions/github with Octokit's retry and throttling
// plugins, undici, yaml, zod), loaded as the action loads them, the same
// glob, the same files parsed and checked, and nothing else.
// bench/cold-start.ts bundles it with ncc as the action is bundled, and
// times the two side by side.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { EnvHttpProxyAgent } from 'undici';
import { glob, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseDocument } from 'yaml';
import * as z from 'zod';

const manifest = z.looseObject({ title: z.string().min(1) });
const cwd = process.env.GITHUB_WORKSPACE ?? process.cwd();
let count = 0;
for await (const file of glob(core.getInput('manifests'), { cwd })) {
  const document = parseDocument(await readFile(join(cwd, file), 'utf8'));
  if (basename(file).startsWith('_defaults.')) continue; // read, as the action reads it; not a manifest
  const parsed = manifest.safeParse(document.toJS());
  if (!parsed.success) core.error(`${file}: ${parsed.error.message}`);
  count++;
}
// Loaded, not used: the action's other modes need them, and a bundle loads whole.
void [getOctokit, retry, throttling, EnvHttpProxyAgent];
core.setOutput('changed', 'false');
core.info(`validate: ${count} manifests parsed`);
