import { createHash } from 'node:crypto';

/** The one content hash of the builder: of text, bytes, or any JSON value. */
export const digest = (value: unknown): string =>
  createHash('sha1')
    .update(typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value))
    .digest('base64url');
