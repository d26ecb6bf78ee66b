import { describe, expect, it } from 'vitest';
import { reviewSchema } from '../../../cli/site/schema/review.ts';

const review = {
  author: 'Carmen López',
  locality: 'javea',
  service: 'piscinas',
  rating: 5,
  date: '2026-06-02',
  lang: 'es',
  text: 'Muy contentos con el trabajo.',
  source: 'whatsapp',
};

describe('a review', { timeout: 60_000 }, () => {
  it('takes a name as customers give it: a first name and an initial, or surnames', () => {
    for (const author of ['Carmen López', 'Ana G.', 'Àngels P.', "D'Arcy O.", 'José Luis de la Fuente', 'María José R.'])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(true);
    for (const author of ['Carmen', 'carmen López', 'Carmen lópez', 'Ana G', 'Ana  G.', ' Ana G.', `Ana ${'G'.repeat(60)}`])
      expect(reviewSchema.safeParse({ ...review, author }).success, author).toBe(false);
  });
});
