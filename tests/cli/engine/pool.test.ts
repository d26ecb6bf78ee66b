import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RenderPool } from '../../../cli/engine/render/pool.ts';
import { scratchDir } from '../../helpers.ts';

/** A stand-in for the compiled engine whose workers do `body` when they get their first task. */
async function workerScript(body: string): Promise<string> {
  const file = join(await scratchDir('worker-'), 'engine.cjs');
  await writeFile(file, `exports.serveRequests = (port) => port.on('message', () => { ${body} });\n`);
  return file;
}

/** A batch of one Markdown text, kept in no pack. */
const batch = (markdown: string) => ({ texts: [{ hash: markdown, markdown }] });

describe('the render pool', () => {
  it('fails the build when a worker stops instead of waiting for it forever', async () => {
    const pool = new RenderPool(await workerScript('process.exit(3);'), 2);
    await expect(pool.markdown([batch('# one'), batch('# two')])).rejects.toThrow('a render worker stopped unexpectedly (exit code 3)');
    pool.close();
  });

  it('fails the build with the error a worker reports', async () => {
    const pool = new RenderPool(await workerScript("throw new Error('out of ink');"), 1);
    await expect(pool.markdown([batch('# one')])).rejects.toThrow('a render worker crashed');
    pool.close();
  });
});
