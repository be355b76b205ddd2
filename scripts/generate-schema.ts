// `npm run schema`: writes the JSON Schemas in schema/ that come from zod
// schemas: the manifest's, the release file's, and the --json documents of doctor and import.
// The files are committed; test/manifest/schema.test.ts fails when one is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doctorJsonSchema, importJsonSchema } from '../src/cli/documents.ts';
import { releaseJsonSchema } from '../src/manifest/release-schema.ts';
import { manifestJsonSchema } from '../src/manifest/schema.ts';

const inSchemaFolder = (name: string): string => fileURLToPath(new URL(`../schema/${name}`, import.meta.url));

export const SCHEMA_FILE = inSchemaFolder('content.schema.json');
export const DOCTOR_SCHEMA_FILE = inSchemaFolder('doctor.schema.json');
export const IMPORT_SCHEMA_FILE = inSchemaFolder('import.schema.json');
export const RELEASE_SCHEMA_FILE = inSchemaFolder('release.schema.json');

const render = (schema: Record<string, unknown>): string => `${JSON.stringify(schema, null, 2)}\n`;

export function renderSchema(): string {
  return render(manifestJsonSchema());
}

export function renderReleaseSchema(): string {
  return render(releaseJsonSchema());
}

export function renderDoctorSchema(): string {
  return render(doctorJsonSchema());
}

export function renderImportSchema(): string {
  return render(importJsonSchema());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of [
    [SCHEMA_FILE, renderSchema()],
    [RELEASE_SCHEMA_FILE, renderReleaseSchema()],
    [DOCTOR_SCHEMA_FILE, renderDoctorSchema()],
    [IMPORT_SCHEMA_FILE, renderImportSchema()],
  ] as const) {
    writeFileSync(file, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}
