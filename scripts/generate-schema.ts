// `npm run schema`: writes schema/content.schema.json from the zod schema.
// The file is committed; test/manifest/schema.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { manifestJsonSchema } from '../src/manifest/schema.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../schema/content.schema.json', import.meta.url));

export function renderSchema(): string {
  return `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, renderSchema());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
