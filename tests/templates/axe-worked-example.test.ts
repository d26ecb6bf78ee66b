import { describe } from 'vitest';
import { timeouts, useSite } from '../e2e/site.ts';
import { workedExampleDir } from '../helpers.ts';
import { itHasNoViolations } from './axe.ts';
import { workedExamplePaths } from './families.ts';

const site = useSite({ content: workedExampleDir });

describe('axe-core, WCAG 2.2 AA, on the pages with jobs, photos and reviews', { timeout: timeouts.test * 4 }, () => {
  itHasNoViolations(site, workedExamplePaths);
});
