import { fill } from '../../cli/site/placeholders.ts';
import { inLang } from '../../cli/site/lang.ts';
import { routeKey } from '../../cli/site/routes.ts';
import type { LocalityText } from '../../cli/site/schema/locality.ts';
import type { ServiceText } from '../../cli/site/schema/service.ts';
import { servicesIn } from '../components/derived.ts';
import { usePage } from '../context.tsx';
import { Breadcrumb, breadcrumbJsonLd } from '../components/Breadcrumb.tsx';
import { LocalSection } from '../components/LocalSection.tsx';
import { ProjectsBand } from '../components/ProjectCards.tsx';
import { Reviews } from '../components/Reviews.tsx';
import { relevantProjects, relevantReviews } from '../../cli/site/proof.ts';
import { localValues } from '../components/local.ts';
import { serviceJsonLd } from '../components/structured.ts';
import { Band, CallButton, Checklist, ContactBlock, ContentSection, EmailButton, Hero, Prose, WhyChooseUs } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function ServiceLocality() {
  const { route, model, t, lang, href, absolute } = usePage();
  if (route.family !== 'service-locality') throw new Error(`ServiceLocality page rendered for a ${route.family} route`);
  const { service, locality } = route;
  const text = inLang<ServiceText>(service, lang, `the service "${service.key}"`);
  const focus = { service: service.key, locality };
  const values = localValues(locality, lang, model.site.brand);
  // The first two of the service's own sections: the service page has them all, and the locality's text leads here.
  const extras = text.extras.slice(0, 2);
  const title = fill(t.localityPage.title, { service: text.title, locality: locality.name });
  const description = fill(text.local.seoDescription, values);
  const trail = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: text.title, path: href(routeKey.service(service)) },
    { label: locality.name, path: route.path },
  ];
  return (
    <>
      <Seo
        title={fill(text.local.seoTitle, values)}
        description={description}
        keywords={[...text.seo.keywords.slice(0, 4), locality.name, locality.comarca]}
        jsonLd={[serviceJsonLd(model, title, description, absolute(route.path), locality.name), breadcrumbJsonLd(trail, absolute)]}
      />
      <Breadcrumb trail={trail} />
      <Hero content={{ badge: locality.name, title, description: fill(text.local.heroDescription, values) }} image={service.image}>
        <CallButton />
        <EmailButton tone="onDark" />
      </Hero>
      <Band heading={fill(t.localityPage.aboutHeading, values)} narrow>
        <Prose
          paragraphs={[
            fill(text.local.intro, values),
            inLang<LocalityText>(locality, lang, `the locality "${locality.slug}"`).description,
            fill(text.local.closing, values),
          ]}
        />
      </Band>
      <LocalSection
        family={service.key}
        service={text.title}
        locality={locality}
        href={(l) => href(routeKey.serviceLocality(service, l))}
      />
      <ProjectsBand
        heading={fill(t.projects.nearbyHeading, { service: text.title, locality: locality.name })}
        projects={relevantProjects(model, focus, lang, 3)}
        tone="white"
      />
      <Reviews reviews={relevantReviews(model, focus, 4)} tone="sand" />
      {/* Titled lists of the service's work already say what it includes: the checklist would repeat them. */}
      {!extras.some((section) => section.lists) && (
        <Band heading={t.localityPage.checklistHeading} tone="sea">
          <Checklist items={text.servicios} columns={3} />
        </Band>
      )}
      <WhyChooseUs tone="white" />
      {extras.map((section, i) => (
        <ContentSection key={section.heading} section={section} tone={i % 2 ? 'white' : 'sand'} />
      ))}
      <Band heading={fill(t.localityPage.otherServicesHeading, values)} tone="sea">
        <ul className="flex flex-wrap gap-2">
          {servicesIn(model, lang)
            .filter(({ service: s }) => s !== service)
            .map(({ service: s, text: other }) => (
              <li key={s.key}>
                <a
                  href={href(routeKey.serviceLocality(s, locality))}
                  className="inline-flex rounded-full bg-white px-4 py-2 text-sm font-medium text-sea-900 ring-1 ring-sea-200 hover:bg-sea-100"
                >
                  {fill(t.localityPage.title, { service: other.title, locality: locality.name })}
                </a>
              </li>
            ))}
        </ul>
      </Band>
      <ContactBlock heading={fill(t.localityPage.contactHeading, values)} text={t.localityPage.contactText} />
    </>
  );
}
