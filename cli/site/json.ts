/** A plain object, as JSON.parse gives one: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const arrayOf =
  <T>(type: 'string' | 'number') =>
  (value: unknown, length?: number): value is T[] =>
    Array.isArray(value) && (length === undefined || value.length === length) && value.every((item) => typeof item === type);
/** An array of strings, of `length` items when given. */
export const isStrings = arrayOf<string>('string');
/** An array of numbers, of `length` items when given. */
export const isNumbers = arrayOf<number>('number');
