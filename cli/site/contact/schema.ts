/**
 * The contact form's one schema. The function validates with it; the page derives from it, at
 * build time, what the browser checks (constraints.ts), so zod never ships to the browser. Every
 * check is one that derivation can read: trim, lengths and patterns, no closures. Messages are
 * keys here and are localized on the way out.
 */
import * as z from 'zod/mini';

import { type ContactField, type ContactSite, honeypotField, type MessageKey, type Messages } from './fields.ts';
import type { Lang } from '../lang.ts';
import { isRecord } from '../json.ts';

export { contactFields, honeypotField, type ContactField } from './fields.ts';

// Patterns are written so that they also compile with the v flag, which browsers use for the
// HTML pattern attribute: '-', '(', ')' and '/' are escaped inside classes.

/**
 * Letters, digits and ._%+- around an @ and a dotted domain: no quotes, commas, semicolons,
 * whitespace or line breaks, so the address is safe in a Reply-To header.
 */
// biome-ignore lint/complexity/noUselessEscapeInRegex: the v flag needs them (see above)
export const emailPattern = /^[A-Za-z0-9_%+\-]+(?:\.[A-Za-z0-9_%+\-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Line breaks and other control characters: C0 (tab, LF, CR, VT, FF…), DEL, C1 (NEL…), U+2028, U+2029. */
const controls = String.raw`\u0000-\u001f\u007f-\u009f\u2028\u2029`;
export const controlCharacter = new RegExp(`[${controls}]`);
/** Text without any of them. */
const oneLineText = new RegExp(`^[^${controls}]*$`);

/** Digits and a few separators only, so no control character either. */
// biome-ignore lint/complexity/noUselessEscapeInRegex: the v flag needs them (see above)
const phonePattern = /^[0-9+\(\).\/ \-]+$/;

/** Exactly one of `values`. */
const oneOf = (values: readonly string[]) => new RegExp(`^(?:${values.map((v) => v.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|')})$`);

type OneLineField = 'nombre' | 'localidad';

/** A trimmed string of min..max characters; a missing value counts as too short. */
const text = (field: Exclude<ContactField, 'servicio'>, min: number, max: number, ...rules: z.core.$ZodCheck<string>[]) =>
  z.string(field).check(z.trim(), z.minLength(min, field), z.maxLength(max, `${field}Long`), ...rules);

/** Text that goes into the mail as one line: a line break inside it could forge a line of the mail. */
const oneLine = (field: OneLineField, min: number, max: number) => text(field, min, max, z.regex(oneLineText, `${field}Line`));

/** The page's language as the form posts it (a code the site has, see langOf). */
const lang = z.string();

/** The schema for a form that offers `services` (their Spanish slugs, which the form posts). */
export const contactSchema = (services: readonly string[]) =>
  z.object({
    nombre: oneLine('nombre', 2, 100),
    email: text('email', 1, 255, z.email({ pattern: emailPattern, error: 'email' })),
    telefono: text('telefono', 9, 20, z.regex(phonePattern, 'telefono')),
    servicio: z.string('servicio').check(z.trim(), z.minLength(1, 'servicio'), z.regex(oneOf(services), 'servicioList')),
    localidad: oneLine('localidad', 2, 100),
    mensaje: text('mensaje', 10, 1000),
    lang,
    [honeypotField]: z.literal('', honeypotField),
  });
export type Contact = z.infer<ReturnType<typeof contactSchema>>;
export type ContactErrors = Partial<Record<keyof Contact, string>>;
export type ContactResult = { ok: true; value: Contact } | { ok: false; errors: ContactErrors };

/** The text of message `key` in `messages`; a key without a message reads as itself. */
export const messageFor = (messages: Messages, key: string): string => messages[key as MessageKey] ?? key;

/** The language a submission asks for: its `lang` when the site has it, else the site's first. */
export function langOf(input: unknown, languages: ContactSite['languages']): ContactSite['languages'][number] {
  const asked = isRecord(input) ? input.lang : undefined;
  return languages.find((l) => l.code === asked) ?? languages[0]!;
}

/**
 * Validates a submission to a form offering `services` (their keys), in `lang`; on failure returns
 * the first message per field, in that language's `messages`.
 */
export function validateContact(input: unknown, lang: Lang, messages: Messages, services: readonly string[]): ContactResult {
  const result = contactSchema(services).safeParse({ ...(isRecord(input) ? input : {}), lang });
  if (result.success) return { ok: true, value: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Contact;
    errors[field] ??= messageFor(messages, issue.message);
  }
  return { ok: false, errors };
}
