import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimOutput, removeAbandoned } from '../../../../cli/engine/write/publish.ts';
import { scratchDir } from '../../../helpers.ts';

/** Claims `<scratch>/dist`, with `lock` already beside it; resolves with what it said once it holds the folder. */
async function claimWith(lock: string | undefined, { age = 0, releaseAfter = 0 } = {}) {
  const out = join(await scratchDir('claim-'), 'dist');
  const lockFile = `${out}.lock`;
  if (lock !== undefined) {
    await writeFile(lockFile, lock);
    const made = new Date(Date.now() - age);
    await utimes(lockFile, made, made);
  }
  // The build that holds a fresh lock lets it go.
  if (releaseAfter) setTimeout(() => rm(lockFile, { force: true }), releaseAfter);
  const said: string[] = [];
  const release = await claimOutput(out, (message) => said.push(message));
  const held = await readFile(lockFile, 'utf8');
  release();
  return { said, held, lockLeft: existsSync(lockFile) };
}

/** The id of a process that has exited. */
async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('claiming the output folder', () => {
  it('writes its process id into the lock and removes the lock when it lets the folder go', async () => {
    expect(await claimWith(undefined)).toEqual({ said: [], held: String(process.pid), lockLeft: false });
  });

  it('waits for a lock whose process is running, saying so once, and how to clear it', async () => {
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      const { said, held } = await claimWith(String(running.pid), { releaseAfter: 400 });
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        new RegExp(
          `another build \\(process ${running.pid}\\) is writing .*dist; waiting for it to finish… \\(if none is, delete .*dist\\.lock\\)`,
        ),
      );
      expect(held).toBe(String(process.pid));
    } finally {
      running.kill();
    }
  });

  it('takes over a lock whose process is gone, without waiting', async () => {
    expect(await claimWith(String(await goneProcess()))).toMatchObject({ said: [], held: String(process.pid) });
  });

  it('takes over a lock that names its own process id, which a process before a restart had', async () => {
    expect(await claimWith(String(process.pid))).toMatchObject({ said: [], held: String(process.pid) });
  });

  it('takes over a lock left empty by a build killed before it wrote its id, once the lock is seconds old', async () => {
    expect(await claimWith('', { age: 60_000 })).toMatchObject({ said: [], held: String(process.pid) });
  });

  it('leaves the lock a build made after another waiting build found the one before abandoned', async () => {
    // Two builds wait for a killed one: the first removes its lock and makes its own, then the
    // second, which had read the killed build's lock, comes to remove it.
    const out = join(await scratchDir('claim-'), 'dist');
    const lock = `${out}.lock`;
    const killed = String(await goneProcess());
    await writeFile(lock, killed);
    const seen = { text: killed, mtimeMs: (await stat(lock)).mtimeMs };
    await writeFile(lock, '4242');
    const later = new Date(seen.mtimeMs + 1000);
    await utimes(lock, later, later);
    removeAbandoned(lock, seen);
    expect(await readFile(lock, 'utf8')).toBe('4242');
    // The killed build's lock, as it was read, goes; nothing is left beside the folder.
    await writeFile(lock, killed);
    removeAbandoned(lock, { text: killed, mtimeMs: (await stat(lock)).mtimeMs });
    expect(await readdir(join(out, '..'))).toEqual([]);
  });

  it('waits for a lock that is still empty because its build has only just created it', async () => {
    const { said, held } = await claimWith('', { releaseAfter: 400 });
    expect(said).toEqual([expect.stringMatching(/another build \(process \?\) is writing/)]);
    expect(held).toBe(String(process.pid));
  });
});
