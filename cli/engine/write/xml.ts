const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML element content and attribute values alike. */
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!);
