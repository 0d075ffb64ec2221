/**
 * Op 10's video records, checked where they lie. Parsing each record with the VideoRow schema
 * builds a copy of it (and of each hashtag list): for 100,000 records that copying and the garbage
 * it left were a tenth of the main process's paging time (docs/ARCHITECTURE.md "Research"). A
 * record the schema would return unchanged (known fields only, each of its type) is kept as it is;
 * any other goes through the schema itself, which strips unknown fields or says what is wrong, so
 * the outcome is always the schema's.
 */
import { z } from 'zod';
import { VideoRow } from './wire/research.js';

type Kind = 'string' | 'number' | 'boolean' | 'string[]';

/** Each field's kind and whether it is required, read from the schema so the two cannot drift. */
const FIELDS: ReadonlyMap<string, { kind: Kind; required: boolean }> = new Map(
  Object.entries(VideoRow.shape).map(([name, schema]) => {
    const optional = schema._zod.def.type === 'optional';
    const def = (optional ? (schema as z.ZodOptional).unwrap() : schema)._zod.def;
    const kind = def.type === 'array' ? `${(def as z.core.$ZodArrayDef).element._zod.def.type}[]` : def.type;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && kind !== 'string[]') throw new Error(`VideoRow.${name}: no fast check for ${kind}`);
    return [name, { kind, required: !optional }];
  }),
);
const REQUIRED = [...FIELDS].filter(([, field]) => field.required).map(([name]) => name);

function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/** True when VideoRow would parse `value` into an equal record. */
function isPlainRow(value: unknown): value is VideoRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const name of REQUIRED) if (!(name in record)) return false;
  for (const name in record) {
    const field = FIELDS.get(name);
    if (!field || !Object.hasOwn(record, name) || !fits(record[name], field.kind)) return false;
  }
  return true;
}

/** Op 10's `videos`: every record checked, and kept as it is when the schema would keep it so. */
export const VideoRows = z.array(z.unknown()).transform((records, ctx) => {
  const rows: VideoRow[] = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (isPlainRow(record)) {
      rows[i] = record;
      continue;
    }
    const parsed = VideoRow.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    rows[i] = parsed.data;
  }
  return rows;
});
