/** The W3C's Nu Html Checker (vnu-jar, on the machine's Java) over every page of the built site. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { writeOutputs } from '../../cli/engine/write/publish.ts';
import { repoRoot, scratchDir, workedExampleDir } from '../helpers.ts';
import { builtSite } from '../cli/engine/built-site.ts';

const vnu = join(repoRoot, 'node_modules/vnu-jar/build/dist/vnu.jar');

it.each([
  ['the site', 'content'],
  ['the worked example of jobs and reviews', workedExampleDir],
])('finds no error and no warning, "Section lacks heading" included, on any page of %s', { timeout: 180_000 }, async (_, content) => {
  const dist = join(await scratchDir('nu-'), 'dist');
  await writeOutputs(dist, (await builtSite(content)).result.outputs);
  // vnu writes its report to stderr and exits 1 when it has something to say.
  const { stderr } = await promisify(execFile)('java', ['-jar', vnu, '--format', 'json', '--skip-non-html', dist], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{'))
      throw new Error('the Nu Html Checker did not run: is Java installed (apt-get install -y default-jre-headless)?', { cause: error });
    return { stderr: error.stderr };
  });
  const { messages } = JSON.parse(stderr) as { messages: { type: string; subType?: string; url: string; message: string }[] };
  // Errors, and warnings (info with subType "warning"); plain info, such as that React closes void elements with a slash, is not a problem.
  const problems = messages.filter((m) => m.type !== 'info' || m.subType === 'warning');
  expect(problems.map((m) => `${m.type} ${m.url.slice(m.url.indexOf('/dist/') + 5)}: ${m.message}`)).toEqual([]);
});
