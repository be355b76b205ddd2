import { z } from 'zod';
import { STAGES } from '../manifest/types.ts';

// The shape of what `import` reports, as `content-as-code import --json`
// prints it (inside the CLI's envelope, src/cli/documents.ts) and
// schema/import.schema.json describes it (npm run schema). The report's
// TypeScript types (import.ts) are checked against it where the document is
// built, and the tests validate what the CLI prints against the file.

const problem = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: z.string().describe('Stable machine code, for example `unknown_key`.'),
    file: z.string(),
    line: z.number().int(),
    column: z.number().int(),
    field: z.string().optional().describe('Dotted path of the field, when there is one.'),
    message: z.string(),
  })
  .strict();

const imported = z
  .object({
    file: z.string().describe('The manifest written, relative to the workspace.'),
    id: z.string(),
    title: z.string(),
    status: z.string().describe('The service status of the item, for example UPLOADED.'),
    stage: z.enum(STAGES).describe('The stage the manifest declares: what the item has now.'),
    notes: z
      .array(z.string())
      .describe("What the file's comments say: an item in flight or failed, a field left unmanaged."),
  })
  .strict();

const skipped = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.string(),
    reason: z.enum([
      'managed',
      'filtered',
      'duplicate_title',
      'title_taken',
      'blank_title',
      'gone',
      'unwritable',
      'secret',
    ]),
    file: z.string().nullable().describe('The manifest that manages it, or whose title it shares.'),
    message: z.string(),
  })
  .strict();

const check = z
  .object({
    loaded: z.number().int().describe('Written files the manifests’ glob finds.'),
    outsideGlob: z
      .array(z.string())
      .describe('Written files the glob does not find (not managed until it does).'),
    changes: z
      .array(z.object({ file: z.string(), what: z.string() }).strict())
      .describe('Each written file whose plan is not empty, and what it would do: the promise broken.'),
  })
  .strict();

export const importReportShape = {
  refused: z.string().nullable().describe('Why nothing was written; null when the import ran.'),
  problems: z.array(problem).describe('Problems of the manifests already there (the reason for a refusal).'),
  outDir: z.string().describe('The folder written into, relative to the workspace.'),
  imported: z.array(imported),
  skipped: z.array(skipped),
  check: check
    .nullable()
    .describe('The plan of the written manifests: the promise that it has nothing to do.'),
};
