// Output files as a build holds them, and the staging of pages and photos as they are made. Apart
// from engine/write/publish.ts, which swaps the new site in: render workers load this, and nothing of publishing
// (its child_process alone took ~3 ms of each thread's start).
import { closeSync, fstatSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { digest } from './files.cjs';

/** An output file already written to a staging folder, e.g. by a render worker. */
export interface StagedFile {
  staged: string;
  hash: string;
  /** Kept where it is (a file of the build cache): linked or copied into place, never moved away. */
  shared?: true;
  /**
   * Its size and time as written, which moving it keeps: publishing records them without a stat of
   * each page, after the last page, when the other core is idle (traced cold builds of 4,338 pages:
   * putAll 12-18 ms against 25-57 ms).
   */
  written?: { size: number; mtimeMs: number };
}

export const isStaged = (content: OutputContent): content is StagedFile => typeof content === 'object' && 'staged' in content;
export type OutputContent = string | Uint8Array | StagedFile;
/** Every output file of a build, by its path in the output folder. */
export type Outputs = Map<string, OutputContent>;

/**
 * Writes files under a staging folder for writeOutputs to move into place, each at once, so that
 * its bytes can go before the next page renders: writing on libuv's threads held every page's bytes
 * until the rendering thread let go of them (docs/benchmark.md, "Writing pages").
 */
export class Stager {
  private readonly folders = new Set<string>();

  constructor(private readonly staging: string) {}

  /** Writes `text`, a page, as UTF-8. */
  add(file: string, text: string): StagedFile {
    const bytes = utf8(text);
    const staged = join(this.staging, file);
    const folder = dirname(staged);
    if (!this.folders.has(folder)) mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
    const fd = openSync(staged, 'w');
    try {
      writeFileSync(fd, bytes);
      const { size, mtimeMs } = fstatSync(fd);
      return { staged, hash: digest(bytes), written: { size, mtimeMs } };
    } finally {
      closeSync(fd);
    }
  }
}

const encoder = new TextEncoder();
/**
 * Where this thread encodes the pages it stages, reused: encoding each into a new array made
 * ~120 MB of them in a cold build of 4,338 pages, each also measured before it was filled.
 */
let scratch = new Uint8Array(1 << 17);

/** `text` as UTF-8, valid until the next call. */
function utf8(text: string): Uint8Array {
  // A UTF-16 unit takes at most three bytes.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
}
