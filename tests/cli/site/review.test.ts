import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import { ContentError } from '../../../cli/site/issues.ts';
import { reviewSchema } from '../../../cli/site/schema/review.ts';
import { copyContent, editFile, workedExampleDir } from '../../helpers.ts';

const review = {
  author: 'Carmen López',
  locality: 'javea',
  service: 'piscinas',
  rating: 5,
  date: '2026-06-02',
  lang: 'es',
  text: 'Muy contentos con el trabajo.',
  source: 'whatsapp',
  consent: { date: '2026-06-05', how: 'whatsapp' },
};

describe('a review', { timeout: 60_000 }, () => {
  it('takes a name as customers give it: a first name and an initial, or surnames', () => {
    for (const author of ['Carmen López', 'Ana G.', 'Àngels P.', "D'Arcy O.", 'José Luis de la Fuente', 'María José R.'])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(true);
    for (const author of ['Carmen', 'carmen López', 'Carmen lópez', 'Ana G', 'Ana  G.', ' Ana G.', `Ana ${'G'.repeat(60)}`])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(false);
  });

  it('records when and how the customer agreed to its publication, or the build refuses it', async () => {
    const { consent: _, ...without } = review;
    expect(reviewSchema.safeParse(without).error?.issues.map((i) => i.path.join('.'))).toEqual(['consent']);
    expect(reviewSchema.safeParse({ ...review, consent: { date: '2026-06-05' } }).success).toBe(false);

    const content = await copyContent(workedExampleDir);
    await editFile(content, 'reviews/ana-javea.yaml', (yaml) => yaml.replace(/^consent:[\s\S]*$/m, ''));
    const error = await loadContent(content).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues.map((i) => [i.file.split('/').slice(-2).join('/'), i.message])).toEqual([
      ['reviews/ana-javea.yaml', expect.stringMatching(/^consent: /)],
    ]);
  });
});
