import { Snowflake } from '../components/icons.tsx';
import { fill } from '../../cli/site/placeholders.ts';
import { inLang } from '../../cli/site/lang.ts';
import { routeKey } from '../../cli/site/routes.ts';
import type { LocalityText } from '../../cli/site/schema/locality.ts';
import type { AirConditioningText, ServiceText } from '../../cli/site/schema/service.ts';
import { localitiesIn } from '../components/derived.ts';
import { usePage } from '../context.tsx';
import { Breadcrumb, breadcrumbJsonLd } from '../components/Breadcrumb.tsx';
import { LocalityLinks } from '../components/LocalityLinks.tsx';
import { LocalSection } from '../components/LocalSection.tsx';
import { localValues } from '../components/local.ts';
import { serviceJsonLd } from '../components/structured.ts';
import { Band, ButtonLink, CallButton, Cards, Checklist, Container, Hero, Prose } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

/** The air-conditioning page and, with a locality, each of its locality pages. */
export function AirConditioning() {
  const { route, model, t, lang, href, absolute } = usePage();
  if (route.family !== 'air-conditioning' && route.family !== 'air-conditioning-locality') {
    throw new Error(`AirConditioning page rendered for a ${route.family} route`);
  }
  const locality = route.family === 'air-conditioning-locality' ? route.locality : undefined;
  const ac = model.airConditioning;
  const text = inLang<AirConditioningText>(ac, lang, 'air conditioning');
  const parent = model.services.find((s) => s.key === ac.parent)!;
  const values = locality && localValues(locality, lang, model.site.brand);
  const title = values ? fill(text.local.seoTitle, values) : text.seo.title;
  const description = values ? fill(text.local.seoDescription, values) : text.seo.description;
  const trail = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: inLang<ServiceText>(parent, lang, `the service "${parent.key}"`).title, path: href(routeKey.service(parent)) },
    { label: text.title, path: href(routeKey.airConditioning()) },
    ...(locality ? [{ label: locality.name, path: route.path }] : []),
  ];
  const hero = values ? { badge: locality!.name, title, description: fill(text.local.heroDescription, values) } : text.hero;
  const intro = values
    ? [
        fill(text.local.intro, values),
        inLang<LocalityText>(locality!, lang, `the locality "${locality!.slug}"`).description,
        fill(text.local.closing, values),
      ]
    : text.intro;
  return (
    <>
      <Seo
        title={title}
        description={description}
        keywords={locality ? [...text.seo.keywords.slice(0, 4), locality.name] : text.seo.keywords}
        jsonLd={[serviceJsonLd(model, title, description, absolute(route.path), locality?.name), breadcrumbJsonLd(trail, absolute)]}
      />
      <Breadcrumb trail={trail} />
      <Hero content={hero} image={ac.image} />
      {/* The page's lead, without a heading of its own. */}
      <div data-tone="white" className="band bg-white py-14 sm:py-20">
        <Container>
          <div className="mx-auto max-w-2xl">
            <Prose paragraphs={intro} />
          </div>
        </Container>
      </div>
      {locality && (
        <LocalSection family={ac.key} service={text.title} locality={locality} href={(l) => href(routeKey.airConditioningLocality(l))} />
      )}
      <Band heading={text.typesHeading} tone="sea">
        <ul className="grid gap-5 md:grid-cols-3">
          {text.types.map((type) => (
            <li key={type.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Snowflake className="size-8 text-sea-700" />
              <h3 className="mt-3 text-xl font-semibold text-sea-900">{type.title}</h3>
              <p className="mt-2 text-slate-700">{type.text}</p>
              <div className="mt-4">
                <Checklist items={type.features} columns={1} />
              </div>
            </li>
          ))}
        </ul>
      </Band>
      <Band heading={text.processHeading}>
        <Cards cards={text.steps} numbered />
      </Band>
      <section className="bg-sea-800 py-14 text-white sm:py-20">
        <Container className="text-center">
          <h2 className="text-2xl font-bold sm:text-3xl">{text.cta.heading}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-sea-100">{text.cta.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink href={`${href(routeKey.contact())}#contact-form`}>{text.cta.button}</ButtonLink>
            <CallButton tone="onDark" />
          </div>
        </Container>
      </section>
      <Band heading={t.airConditioning.otherLocalitiesHeading} tone="sea">
        <LocalityLinks
          localities={localitiesIn(model, lang).filter((l) => l !== locality)}
          href={(l) => href(routeKey.airConditioningLocality(l))}
        />
      </Band>
    </>
  );
}
