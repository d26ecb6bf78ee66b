import { inLang } from '../../cli/site/lang.ts';
import { routeKey } from '../../cli/site/routes.ts';
import type { AirConditioningText, ServiceText } from '../../cli/site/schema/service.ts';
import { localitiesIn } from '../components/derived.ts';
import { usePage } from '../context.tsx';
import { LocalityLinks } from '../components/LocalityLinks.tsx';
import { ProjectsBand } from '../components/ProjectCards.tsx';
import { Reviews } from '../components/Reviews.tsx';
import { relevantProjects, relevantReviews } from '../../cli/site/proof.ts';
import { breadcrumbJsonLd } from '../components/Breadcrumb.tsx';
import { serviceJsonLd } from '../components/structured.ts';
import { Band, CallButton, Checklist, ContactBlock, ContentSection, QuoteButton } from '../components/ui.tsx';
import { Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function Service() {
  const { route, model, t, lang, href, absolute, routes } = usePage();
  if (route.family !== 'service') throw new Error(`Service page rendered for a ${route.family} route`);
  const { service } = route;
  const text = inLang<ServiceText>(service, lang, `the service "${service.key}"`);
  const trail = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: text.title, path: route.path },
  ];
  const focus = { service: service.key };
  const airConditioning = model.airConditioning.parent === service.key ? routes.find(routeKey.airConditioning(), lang) : undefined;
  return (
    <>
      <Seo
        title={text.seo.title}
        description={text.seo.description}
        keywords={text.seo.keywords}
        jsonLd={[serviceJsonLd(model, text.title, text.seo.description, absolute(route.path)), breadcrumbJsonLd(trail, absolute)]}
      />
      <Hero content={text.hero} image={service.image}>
        <CallButton />
        <QuoteButton tone="onDark" />
      </Hero>
      <Band heading={t.servicePage.servicesHeading} tone="sea">
        <Checklist items={text.servicios} columns={3} />
        {airConditioning && (
          <p className="mt-6">
            <a href={airConditioning.path} className="font-semibold text-sea-700 underline underline-offset-2">
              {inLang<AirConditioningText>(model.airConditioning, lang, 'air conditioning').title}
            </a>
          </p>
        )}
      </Band>
      <Band heading={t.servicePage.reasonsHeading}>
        <Checklist items={text.reasons} />
      </Band>
      {text.sections.map((section, i) => (
        <ContentSection key={section.heading} section={section} tone={i % 2 ? 'white' : 'sand'} />
      ))}
      <ProjectsBand heading={t.projects.latestHeading} projects={relevantProjects(model, focus, lang, 3)} tone="white" />
      <Reviews reviews={relevantReviews(model, focus, 4)} tone="sand" />
      <Band heading={t.servicePage.localitiesHeading} intro={t.servicePage.localitiesIntro} tone="sea">
        <LocalityLinks localities={localitiesIn(model, lang)} href={(l) => href(routeKey.serviceLocality(service, l))} />
      </Band>
      <ContactBlock heading={t.servicePage.closingHeading} text={t.servicePage.closingText} />
    </>
  );
}
