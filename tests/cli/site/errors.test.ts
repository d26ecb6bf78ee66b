import { describe, expect, it } from 'vitest';
import { errors } from '../../../cli/site/errors.ts';

describe('the errors catalogue', () => {
  const entries = Object.entries(errors);

  it('gives every entry a code, a message and a hint, and each code once', () => {
    expect(entries.length).toBeGreaterThan(20);
    for (const [name, entry] of entries) {
      expect(entry.code, name).toMatch(/^E_[A-Z0-9_]+$/);
      expect(typeof entry.message, name).toBe('function');
      expect(typeof entry.hint, name).toBe('function');
    }
    const codes = entries.map(([, entry]) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('words a problem from its parameters, the hint saying what to do', () => {
    expect(errors.UnknownService('fontaneros-x', ['fontaneros', 'piscinas'])).toEqual({
      code: 'E_UNKNOWN_SERVICE',
      message: '"fontaneros-x" is not a service',
      hint: "use the key of one (its slug in the site's first language): fontaneros, piscinas",
    });
    expect(errors.TooLarge('3.0 MB', { bytes: 2 ** 20, what: 'a Markdown file', advice: 'split the text into several pages' })).toEqual({
      code: 'E_TOO_LARGE',
      message: 'is 3.0 MB; a Markdown file may be at most 1 MB',
      hint: 'split the text into several pages',
    });
  });

  it('keeps a hint to one line when it lists many names', () => {
    const many = Array.from({ length: 40 }, (_, i) => `servicio-${i}`);
    expect(errors.UnknownService('x', many).hint).toMatch(/servicio-11 and 28 more$/);
  });
});
