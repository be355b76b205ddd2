import { z } from 'zod';
import { RULES, type RuleId } from '../service-client/readings.ts';

// The shape of the doctor's report, versioned: `content-as-code doctor
// --json` prints it in the CLI's envelope (src/cli/documents.ts), from which
// schema/doctor.schema.json is generated (npm run schema).

const ruleIds = Object.keys(RULES) as [RuleId, ...RuleId[]];

const findingSchema = z
  .object({
    rule: z.enum(ruleIds).describe('The rule of docs/service-assumptions.md.'),
    title: z.string(),
    endpoint: z.string().describe('The request the finding comes from, e.g. `GET /contents`.'),
    verdict: z
      .enum(['understood', 'not understood', 'not observed'])
      .describe('`not observed`: nothing to look at, or doctor may not look (it never writes).'),
    reading: z
      .string()
      .nullable()
      .describe('The reading the service speaks, one the client handles; null unless understood.'),
    seen: z.string().describe('What was observed, by shape: never a value the service sent.'),
    consequence: z
      .object({
        action: z.enum(['hold', 'stop', 'note']),
        effect: z.string(),
      })
      .nullable()
      .describe('For a rule not understood: what an apply does about it.'),
  })
  .strict();

export const doctorReportSchema = z
  .object({
    version: z.literal(1),
    baseUrl: z.string(),
    requests: z.object({ budget: z.number().int(), used: z.number().int() }).strict(),
    understood: z
      .boolean()
      .describe(
        'No rule is `not understood`. The exit code is 0 when this is true and nothingObserved is null.',
      ),
    nothingObserved: z
      .string()
      .nullable()
      .describe(
        'Why no rule could be observed at all (every read failed, every answer a redirect); null when some rule was. Not null: the exit code is 1.',
      ),
    findings: z.array(findingSchema),
  })
  .strict();

export type Finding = z.infer<typeof findingSchema>;
export type DoctorReport = z.infer<typeof doctorReportSchema>;
