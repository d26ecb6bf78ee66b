/**
 * Fills `{name}` placeholders. Unknown names are left in place so that `unknownPlaceholders`
 * can report them as content errors instead of printing "undefined" to visitors.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Names in `{name}` placeholders of a text that are not among the allowed ones. */
export function unknownPlaceholders(template: string, allowed: readonly string[]): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !allowed.includes(name));
}

/** Fills `{{dotted.name}}` placeholders of legal texts; returns the names it could not fill, with their line in the template. */
export function fillDouble(
  template: string,
  values: Readonly<Record<string, string>>,
): { text: string; unknown: { name: string; line: number }[] } {
  const unknown: { name: string; line: number }[] = [];
  const text = template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string, offset: number) => {
    if (name in values) return values[name]!;
    unknown.push({ name, line: template.slice(0, offset).split('\n').length });
    return whole;
  });
  return { text, unknown };
}
