import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ROOT } from './runner.ts';

// A JSON Schema validator of the kind editors and scripts use (ajv, draft
// 2020-12, formats checked), on the committed files in schema/: what the
// project promises is checked with a validator other than its own zod.

/** Validates values against schema/<name>; returns ajv's errors, [] when valid. */
export function schemaValidator(name: string): (value: unknown) => ErrorObject[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schema', name), 'utf8')) as object);
  return (value) => (validate(value) ? [] : [...(validate.errors ?? [])]);
}
