// The contact form's checks in the browser: the schema's rules, derived at build time
// (cli/site/contact/constraints.ts), put on each control through the constraint validation API.
import type { Check, FieldConstraints } from '../../cli/site/contact/constraints.ts';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** zod counts code points, where HTML's minlength and maxlength count UTF-16 units. */
const length = (text: string) => [...text].length;

function holds(check: Check, text: string): boolean {
  if (check.kind === 'pattern') return new RegExp(check.source, check.flags).test(text);
  return check.kind === 'minLength' ? length(text) >= check.length : length(text) <= check.length;
}

/** The check a constraint of the browser's own stands for, when only such a constraint fails. */
const standsFor = (validity: ValidityState): Check['kind'] =>
  validity.tooLong ? 'maxLength' : validity.typeMismatch || validity.patternMismatch ? 'pattern' : 'minLength';

/**
 * Gives `control` the schema's verdict with setCustomValidity, then asks the browser for its own,
 * which adds the attributes' constraints: the message to show, or undefined when it is valid.
 */
export function validate(control: Control, { checks }: FieldConstraints): string | undefined {
  const text = control.value.trim();
  const broken = checks.find((check) => !holds(check, text));
  control.setCustomValidity(broken?.message ?? '');
  if (control.validity.valid) return undefined;
  // Each attribute comes from a check of its kind, so some check has the message.
  return (broken ?? checks.find((check) => check.kind === standsFor(control.validity)))?.message;
}
