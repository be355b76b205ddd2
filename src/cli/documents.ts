import { z } from 'zod';
import { doctorReportSchema, type DoctorReport } from '../doctor/schema.ts';
import { importReportShape } from '../import/schema.ts';
import type { ImportReport } from '../import/import.ts';

// What `--json` prints, one document per run, for every command: the same
// three fields first (`version`, `command`, `exitCode`), then the command's
// own. validate, plan and apply are described by schema/cli-output.schema.json
// (json.ts builds them); doctor and import here, their schemas generated from
// these zod schemas (npm run schema). A field removed or renamed bumps
// `version`; a new optional one does not.

const envelope = <C extends string>(command: C) => ({
  version: z.literal(1).describe('Version of this shape.'),
  command: z.literal(command).describe('The command that ran.'),
  exitCode: z.number().int().describe('The exit code the CLI returns, as the README documents it.'),
});

export const doctorDocumentSchema = z
  .object({ ...envelope('doctor'), ...doctorReportSchema.omit({ version: true }).shape })
  .strict();

const importDocumentSchema = z.object({ ...envelope('import'), ...importReportShape }).strict();

export type DoctorDocument = z.infer<typeof doctorDocumentSchema>;
export type ImportDocument = z.infer<typeof importDocumentSchema>;

export function doctorDocument(report: DoctorReport, exitCode: number): DoctorDocument {
  const { version, ...rest } = report;
  return { version, command: 'doctor', exitCode, ...rest };
}

export function importDocument(report: ImportReport, exitCode: number): ImportDocument {
  return { version: 1, command: 'import', exitCode, ...report };
}

function jsonSchemaOf(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema);
  return { $schema, title, description, ...rest };
}

export function doctorJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(
    doctorDocumentSchema,
    'content-as-code doctor --json',
    'What `content-as-code doctor --json` prints on stdout: which reading of each "not shown" rule the service speaks. Version 1.',
  );
}

export function importJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(
    importDocumentSchema,
    'content-as-code import --json',
    'What `content-as-code import --json` prints on stdout: the manifests written, the items skipped and why, and the check that a plan of them has nothing to do. Version 1.',
  );
}
