// What the editor's form leaves unchecked and the build refuses, checked before every save by the
// editor's script (client.ts), in the words Decap uses for its own checks. Decap checks only the
// Spanish pane (decaporg/decap-cms#5653), and asks for every field of an optional part or for none
// (decaporg/decap-cms#7748), so config.ts leaves an optional part's fields optional in the form and
// names in `whole` those it needs once any of it is filled. Plain code: it runs in the browser.
import type { EditorField } from './config.ts';
import { fieldLabel } from './labels.ts';

type Value = unknown;

// An empty list is kept as written (editor-format.ts pruned): its length is checked, not its presence.
const isEmpty = (value: Value) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isObject = (value: Value): value is Record<string, Value> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with `data` for the form's `fields`, one Spanish sentence each, every field named
 * after `where` ("Inglés: ").
 */
export function formProblems(fields: readonly EditorField[], data: Value, where = ''): string[] {
  const values = isObject(data) ? data : {};
  return fields.flatMap((field) => fieldProblems(field, values[field.name], where, field.required !== false));
}

function fieldProblems(field: EditorField, value: Value, where: string, required: boolean): string[] {
  const label = `${where}${field.label}`;
  if (isEmpty(value)) return required ? [`${label} es obligatorio.`] : [];
  const fields = field.fields as EditorField[] | undefined;
  if (field.widget === 'object' && fields) {
    // An optional part left empty is left out; any of it filled, and it must be whole.
    const whole = new Set(field.whole as string[] | undefined);
    const values = isObject(value) ? value : {};
    if (whole.size > 0 && fields.every((f) => isEmpty(values[f.name]))) return [];
    const own = fields.flatMap((f) => fieldProblems(f, values[f.name], `${label} › `, f.required !== false || whole.has(f.name)));
    return own.length > 0 ? own : ascendingProblems(field, fields, values, label);
  }
  if (field.widget === 'list' && Array.isArray(value)) {
    const { min, max } = field as { min?: number; max?: number };
    const count =
      min !== undefined && value.length < min
        ? [`${label}: al menos ${min}.`]
        : max !== undefined && value.length > max
          ? [`${label}: como mucho ${max}.`]
          : [];
    const item = field.field as EditorField | undefined;
    const each = value.flatMap((v, i) =>
      fields
        ? formProblems(fields, v, `${label} ${i + 1} › `)
        : item
          ? fieldProblems({ ...item, label: `${field.label} ${i + 1}` }, v, where, true)
          : [],
    );
    return [...count, ...each];
  }
  const pattern = field.pattern as [string, string] | undefined;
  if (pattern && typeof value === 'string' && !new RegExp(pattern[0]).test(value)) return [`${label}: ${pattern[1]}`];
  if (field.widget === 'number' && typeof value === 'number') {
    const { min, max } = field as { min?: number; max?: number };
    if (min !== undefined && value < min) return [`${label}: al menos ${min}.`];
    if (max !== undefined && value > max) return [`${label}: como mucho ${max}.`];
  }
  return [];
}

/** A pair of numbers the schema wants in order, such as a price band's "from" and "to" (config.ts `ascending`). */
function ascendingProblems(field: EditorField, fields: readonly EditorField[], values: Record<string, Value>, label: string): string[] {
  const [low, high] = (field.ascending as [string, string] | undefined) ?? [];
  if (low === undefined || high === undefined || Number(values[high]) > Number(values[low])) return [];
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return [`${label} › ${labelOf(high)}: debe ser mayor que «${labelOf(low)}».`];
}

/** The fields the other language's half of an entry holds: those translated, whole. */
const translatedFields = (fields: readonly EditorField[]): EditorField[] => fields.filter((f) => f.i18n === true);

interface FormConfig {
  i18n?: { locales: string[]; default_locale: string };
  collections: { name: string; fields?: EditorField[]; files?: { fields: EditorField[] }[] }[];
}

/**
 * What is wrong with an entry of the editor collection it names, as Decap keeps it while it is
 * edited: the Spanish (default) half in `data`, every field; each other language's in `i18n`,
 * its translated fields, named after the language.
 */
export function entryProblems(
  config: FormConfig,
  entry: { collection: string; newRecord?: boolean; data?: Value; i18n?: Record<string, { data?: Value }> },
): string[] {
  const collection = config.collections.find((c) => c.name === entry.collection);
  const fields = collection?.fields ?? collection?.files?.[0]?.fields;
  if (!fields) return [];
  // A field that names a new file is needed only to create it (config.ts namingField).
  const naming = entry.newRecord ? fields.filter((f) => f.names_file === true).map((f) => ({ ...f, required: true })) : [];
  const own = [...formProblems(naming, entry.data), ...formProblems(fields, entry.data)];
  if (!fields.some((f) => f.i18n === true) || !config.i18n) return own;
  const others = config.i18n.locales.filter((l) => l !== config.i18n!.default_locale);
  return [...own, ...others.flatMap((lang) => formProblems(translatedFields(fields), entry.i18n?.[lang]?.data, `${fieldLabel(lang)}: `))];
}
