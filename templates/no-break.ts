/** Keeps a phrase on one line: phone numbers and call-button labels must not wrap mid-number. */
export const noBreak = (text: string): string => text.replace(/ /g, '\u00a0');
