// `npm run schema`: writes schema/content.schema.json and schema/doctor.schema.json from their zod schemas.
// The file is committed; test/manifest/schema.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { doctorJsonSchema } from '../src/doctor/schema.ts';
import { manifestJsonSchema } from '../src/manifest/schema.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../schema/content.schema.json', import.meta.url));

export const DOCTOR_SCHEMA_FILE = fileURLToPath(new URL('../schema/doctor.schema.json', import.meta.url));

export function renderSchema(): string {
  return `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`;
}

export function renderDoctorSchema(): string {
  return `${JSON.stringify(doctorJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, renderSchema());
  writeFileSync(DOCTOR_SCHEMA_FILE, renderDoctorSchema());
  process.stdout.write(`wrote ${SCHEMA_FILE} and ${DOCTOR_SCHEMA_FILE}\n`);
}
