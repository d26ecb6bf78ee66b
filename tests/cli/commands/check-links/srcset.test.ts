import { describe, expect, it } from 'vitest';
import { srcsetUrls } from '../../../../cli/commands/check-links/srcset.ts';

describe('srcsetUrls', () => {
  it('splits candidates as browsers do', () => {
    expect(srcsetUrls('/a-480.avif 480w, /a-800.avif 800w')).toEqual(['/a-480.avif', '/a-800.avif']);
    // A URL runs to the next whitespace, commas and all; commas that end it end the candidate.
    expect(srcsetUrls(' /a.png,, /b.png 2x ,\n/c,d.png 3x')).toEqual(['/a.png', '/b.png', '/c,d.png']);
    expect(srcsetUrls('/a.png 1x (min-width: 1px, 2px), /b.png')).toEqual(['/a.png', '/b.png']);
    expect(srcsetUrls('')).toEqual([]);
  });
});
