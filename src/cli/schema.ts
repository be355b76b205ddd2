import { releaseJsonSchema } from '../manifest/release-schema.ts';
import { manifestJsonSchema } from '../manifest/schema.ts';
import { EXIT } from './help.ts';
import { writeLine, type CliIO } from './terminal.ts';

/** The JSON Schemas `content-as-code schema [NAME]` prints: the same as schema/NAME.schema.json. */
const SCHEMAS = { content: manifestJsonSchema, release: releaseJsonSchema } as const;

/** `content-as-code schema [content|release]`: a manifest's JSON Schema (the default), or the release file's. */
export function printSchema(io: CliIO, rest: readonly string[]): number {
  const [name = 'content', ...extra] = rest;
  if (!Object.hasOwn(SCHEMAS, name) || extra.length > 0) {
    writeLine(
      io.stderr,
      `error: schema takes one of ${Object.keys(SCHEMAS).join(', ')} (default content), not '${[name, ...extra].join(' ')}'.`,
    );
    return EXIT.usage;
  }
  writeLine(io.stdout, JSON.stringify(SCHEMAS[name as keyof typeof SCHEMAS](), null, 2));
  return EXIT.ok;
}
