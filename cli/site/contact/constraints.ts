/**
 * What the browser checks of the contact form, read at build time from the schema the function
 * validates with: the page hands it to the form's island as JSON, so zod never ships to the
 * browser and no limit is written twice.
 */
import type * as z from 'zod/mini';
import type { Messages } from './fields.ts';
import { contactFields, contactSchema, messageFor, type ContactField } from './schema.ts';

/** One check of the schema, which the browser runs on the trimmed value; `message` is localized. */
export type Check =
  | { kind: 'minLength' | 'maxLength'; length: number; message: string }
  | { kind: 'pattern'; source: string; flags: string; message: string };

export interface FieldConstraints {
  /** What HTML attributes can say of the checks; the browser applies them without JavaScript too. */
  attributes: { required: boolean; minLength?: number; maxLength?: number; pattern?: string; type?: 'email' };
  /** Every check, in the schema's order: as with zod, the first that fails gives the message. */
  checks: Check[];
}

type CheckDef =
  | z.core.$ZodCheckOverwriteDef<string>
  | z.core.$ZodCheckMinLengthDef
  | z.core.$ZodCheckMaxLengthDef
  | z.core.$ZodCheckStringFormatDef;

/** The browser trims with String.prototype.trim, as z.trim() does: the probe holds each kind of white space. */
const probe = '\u00a0\t\n x \u2028\ufeff';
const trims = (def: CheckDef) => def.check === 'overwrite' && def.tx(probe) === probe.trim();

/**
 * The HTML pattern attribute for a pattern zod tests on trimmed text. The browser tests the
 * attribute against the whole untrimmed value with the v flag, hence the `\s*` on each side
 * (`\s` is what trim removes). Undefined where HTML cannot say it: flags, a pattern not anchored
 * at both ends, alternatives (`|`, which the anchors might no longer bind), or syntax the v flag
 * refuses. The checks carry the rule anyway.
 */
function htmlPattern({ source, flags }: RegExp): string | undefined {
  const body = /^\^([^|]*[^\\])\$$/.exec(source)?.[1];
  if (flags || body === undefined) return undefined;
  const pattern = String.raw`\s*(?:${body})\s*`;
  try {
    RegExp(pattern, 'v');
    return pattern;
  } catch {
    return undefined;
  }
}

function fieldConstraints(field: ContactField, defs: CheckDef[], messages: Messages): FieldConstraints {
  const [first, ...rest] = defs;
  if (!first || !trims(first)) throw new Error(`contact schema: ${field} must start with z.trim(), as the browser checks trimmed text`);
  const checks: Check[] = [];
  let type: 'email' | undefined;
  for (const def of rest) {
    // Every message is a key (schema.ts); the map ignores the issue it is given.
    const message = messageFor(messages, String(def.error?.(undefined as never)));
    if (def.check === 'min_length') checks.push({ kind: 'minLength', length: def.minimum, message });
    else if (def.check === 'max_length') checks.push({ kind: 'maxLength', length: def.maximum, message });
    else if (def.check === 'string_format' && def.pattern) {
      checks.push({ kind: 'pattern', source: def.pattern.source, flags: def.pattern.flags, message });
      if (def.format === 'email') type = 'email';
    } else throw new Error(`contact schema: the browser cannot run the ${def.check} check of ${field}`);
  }
  const lengths = (kind: Check['kind']) => checks.flatMap((c) => (c.kind === kind && 'length' in c ? [c.length] : []));
  const minLength = Math.max(0, ...lengths('minLength'));
  const maxLength = Math.min(...lengths('maxLength'));
  const patterns = checks.flatMap((c) => (c.kind === 'pattern' ? [new RegExp(c.source, c.flags)] : []));
  // One attribute holds one pattern; with more, the checks alone tell.
  const pattern = patterns.length === 1 ? htmlPattern(patterns[0]!) : undefined;
  return {
    attributes: {
      required: minLength > 0,
      ...(minLength > 0 && { minLength }),
      ...(Number.isFinite(maxLength) && { maxLength }),
      ...(pattern && { pattern }),
      ...(type && { type }),
    },
    checks,
  };
}

/** Each visible field's constraints for a form saying `messages` (its language's) and offering `services` (their keys). */
export function contactConstraints(messages: Messages, services: readonly string[]): Record<ContactField, FieldConstraints> {
  const { shape } = contactSchema(services);
  return Object.fromEntries(
    contactFields.map((field) => [
      field,
      fieldConstraints(field, shape[field].def.checks?.map((c) => c._zod.def as CheckDef) ?? [], messages),
    ]),
  ) as Record<ContactField, FieldConstraints>;
}
