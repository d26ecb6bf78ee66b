import { describe, expect, it } from 'vitest';
import { reviewSchema } from '../../../cli/site/schema/review.ts';
import { copyContent, editFile, sitegen, workedExampleDir } from '../../helpers.ts';

const review = {
  author: 'Carmen López',
  locality: 'javea',
  service: 'piscinas',
  rating: 5,
  date: '2026-06-02',
  lang: 'es',
  text: 'Muy contentos con el trabajo.',
  source: 'whatsapp',
  consent: { date: '2026-06-03', how: 'whatsapp' },
};

describe('a review', { timeout: 60_000 }, () => {
  it('takes a name as customers give it: a first name and an initial, or surnames', () => {
    for (const author of ['Carmen López', 'Ana G.', 'Àngels P.', "D'Arcy O.", 'José Luis de la Fuente', 'María José R.'])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(true);
    for (const author of ['Carmen', 'carmen López', 'Carmen lópez', 'Ana G', 'Ana  G.', ' Ana G.', `Ana ${'G'.repeat(60)}`])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(false);
  });

  it("records when and how the customer agreed to show it, and the build refuses one that does not, at the file's line", async () => {
    const { consent: _consent, ...without } = review;
    expect(reviewSchema.safeParse(without).success).toBe(false);
    for (const consent of [{ date: '2026-06-03' }, { date: '03/06/2026', how: 'email' }, { date: '2026-06-03', how: 'phone' }])
      expect(reviewSchema.safeParse({ ...review, consent }).success, JSON.stringify(consent)).toBe(false);

    const content = await copyContent(workedExampleDir);
    await editFile(content, 'reviews/ana-javea.yaml', (yaml) => yaml.replace(/^consent:[\s\S]*$/m, ''));
    const { code, stderr } = await sitegen('check', '--content', content);
    expect(code).toBe(1);
    expect(stderr).toMatch(/reviews\/ana-javea\.yaml:2:1 {2}consent: missing; expected object \(E_MISSING_VALUE\)/);
  });
});
