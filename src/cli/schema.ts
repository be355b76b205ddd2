import { manifestJsonSchema } from '../manifest/schema.ts';
import { EXIT } from './help.ts';
import { writeLine, type CliIO } from './terminal.ts';

/** `content-as-code schema`: the manifest JSON Schema, the same as schema/content.schema.json. */
export function printSchema(io: CliIO): number {
  writeLine(io.stdout, JSON.stringify(manifestJsonSchema(), null, 2));
  return EXIT.ok;
}
