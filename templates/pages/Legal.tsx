import { usePage } from '../context.tsx';
import { Container } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';
import { formatDate } from './dates.ts';

export function Legal() {
  const { route, t } = usePage();
  if (route.family !== 'legal') throw new Error(`Legal page rendered for a ${route.family} route`);
  const { page } = route;
  return (
    <>
      <Seo title={page.title} description={page.description} />
      <Container width="text" className="py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-sea-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          {t.legal.updated}: <time dateTime={page.updated}>{formatDate(page.updated, t)}</time>
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the build rendered from the site's own Markdown */}
        <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: page.html }} />
      </Container>
    </>
  );
}
