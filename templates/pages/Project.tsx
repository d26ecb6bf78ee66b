import type { ReactNode } from 'react';
import type { Photo } from '../../cli/site/model.ts';
import { routeKey } from '../../cli/site/routes.ts';
import type { ProjectPhoto, ProjectText } from '../../cli/site/schema/project.ts';
import { inLang } from '../../cli/site/lang.ts';
import { usePage } from '../context.tsx';
import { BackLink, Breadcrumb, breadcrumbJsonLd } from '../components/Breadcrumb.tsx';
import { Picture, sharedVariant } from '../components/Picture.tsx';
import { ContactBlock, Container, Gallery, measure } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';
import { formatEuroRange } from '../intl.ts';
import { formatDate } from './dates.ts';

/**
 * Widths the layout gives a photo: a pair or the gallery take the page's width (Container "page",
 * 1152 px less its padding) while the text keeps its measure, so that a laptop shows them large;
 * a lone lead photo stops at max-w-4xl, so that it fits a laptop's screen.
 */
const fullWidth = '(min-width: 960px) 896px, 100vw';
const halfWidth = '(min-width: 1152px) 536px, (min-width: 640px) 50vw, 100vw';

export function Project() {
  const { route, model, t, lang, href, absolute, routes } = usePage();
  if (route.family !== 'project') throw new Error(`Project page rendered for a ${route.family} route`);
  const { project } = route;
  const locality = model.localities.find((l) => l.slug === project.locality)!;
  const text = inLang<ProjectText>(project, lang, `the job "${project.key}"`);
  const service = model.services.find((s) => s.key === project.service)!;
  // A language may have the job without its service or the service in its town: then named, not linked.
  const serviceText = service[lang];
  const servicePage = routes.find(routeKey.service(service), lang);
  const localPage = routes.find(routeKey.serviceLocality(service, locality), lang);
  const body = inLang(project.html, lang, `the job "${project.key}"`);
  const alt = (p: ProjectPhoto) => inLang(p.alt, lang, `a photo of the job "${project.key}"`);
  const photo = (p: ProjectPhoto): Photo => model.photos.get(p.file)!;
  // A before/after pair leads the page side by side; otherwise the first photo does.
  const before = project.photos.find((p) => p.role === 'before');
  const after = project.photos.find((p) => p.role === 'after');
  const pair = before && after ? [before, after] : undefined;
  const lead = pair ? undefined : project.photos[0]!;
  const rest = project.photos.filter((p) => p !== lead && !pair?.includes(p));
  const trail = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: t.projects.hero.title, path: href(routeKey.projects()) },
    { label: text.title, path: route.path },
  ];
  const images = project.photos.map((p) => {
    const variant = sharedVariant(photo(p));
    return {
      '@type': 'ImageObject',
      contentUrl: absolute(variant.path),
      width: variant.width,
      height: variant.height,
      caption: alt(p),
    };
  });
  const page = {
    '@type': 'WebPage',
    name: text.title,
    description: text.summary,
    url: absolute(route.path),
    inLanguage: lang,
    datePublished: project.date,
    primaryImageOfPage: images[0],
    image: images,
  };
  const share = sharedVariant(photo(project.photos[0]!));
  // A fact names its page, linked where the page exists in this language.
  const linked = (key: string, page: { path: string } | undefined, label: string): ReactNode =>
    page ? (
      <a key={key} href={page.path}>
        {label}
      </a>
    ) : (
      label
    );
  const facts: [string, ReactNode][] = [];
  if (serviceText) facts.push([t.projects.facts.service, linked('service', servicePage, serviceText.title)]);
  facts.push(
    [t.projects.facts.locality, linked('locality', localPage, locality.name)],
    [
      t.projects.facts.date,
      <time key="date" dateTime={project.date}>
        {formatDate(project.date, t)}
      </time>,
    ],
  );
  if (text.duration) facts.push([t.projects.facts.duration, text.duration]);
  if (project.priceBand) facts.push([t.projects.facts.price, formatEuroRange(project.priceBand.from, project.priceBand.to, t.locale)]);
  return (
    <>
      <Seo
        title={text.title}
        description={text.summary}
        type="article"
        shareImage={{ url: absolute(share.path), width: share.width, height: share.height, alt: alt(project.photos[0]!) }}
        jsonLd={[page, breadcrumbJsonLd(trail, absolute)]}
      />
      <Breadcrumb trail={trail} />
      <article>
        <Container className="py-10 sm:py-14">
          <BackLink href={href(routeKey.projects())}>{t.projects.back}</BackLink>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-balance text-sea-900 sm:text-4xl">{text.title}</h1>
          <p className={`mt-4 text-lg text-slate-700 ${measure}`}>{text.summary}</p>
          {pair && (
            <section aria-labelledby="before-after-heading" className="mt-8">
              <h2 id="before-after-heading" className="sr-only">
                {t.projects.beforeAfterHeading}
              </h2>
              <div className="grid gap-4 sm:grid-cols-2">
                {pair.map((p, i) => (
                  <figure key={p.file}>
                    <Picture photo={photo(p)} alt={alt(p)} sizes={halfWidth} priority className="rounded-2xl bg-sea-50" />
                    <figcaption className="mt-2 text-sm font-semibold text-sea-900">
                      {i === 0 ? t.projects.before : t.projects.after}
                    </figcaption>
                  </figure>
                ))}
              </div>
            </section>
          )}
          {lead && (
            <Picture photo={photo(lead)} alt={alt(lead)} sizes={fullWidth} priority className="mt-8 max-w-4xl rounded-2xl bg-sea-50" />
          )}
          {/* The facts first for a phone and a screen reader; beside the text on a laptop. */}
          <div className="mt-8 grid gap-8 lg:grid-cols-12 lg:gap-12">
            <section
              aria-labelledby="facts-heading"
              className="rounded-2xl bg-sea-50 p-6 ring-1 ring-sea-100 lg:col-span-5 lg:col-start-8 lg:row-start-1 lg:self-start"
            >
              <h2 id="facts-heading" className="text-lg font-bold text-sea-900">
                {t.projects.facts.heading}
              </h2>
              <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
                {facts.map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-sm text-slate-600">{label}</dt>
                    <dd className="font-semibold text-sea-900 [&_a]:underline [&_a]:underline-offset-2">{value}</dd>
                  </div>
                ))}
              </dl>
              {project.priceBand && <p className="mt-4 text-sm text-slate-700">{t.projects.priceNote}</p>}
            </section>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the build rendered from the site's own Markdown */}
            <div className="prose lg:col-span-7 lg:row-start-1" dangerouslySetInnerHTML={{ __html: body }} />
          </div>
          {rest.length > 0 && (
            <section aria-labelledby="photos-heading" className="mt-10">
              <h2 id="photos-heading" className="text-2xl font-bold text-sea-900">
                {t.projects.photosHeading}
              </h2>
              <div className="mt-6">
                <Gallery
                  items={rest.map((p) => ({
                    key: p.file,
                    width: photo(p).width,
                    height: photo(p).height,
                    alt: alt(p),
                    media: (alt) => <Picture photo={photo(p)} alt={alt} sizes={halfWidth} className="bg-sea-50" />,
                  }))}
                />
              </div>
            </section>
          )}
        </Container>
      </article>
      <ContactBlock heading={t.projects.ctaHeading} text={t.projects.ctaText} />
    </>
  );
}
