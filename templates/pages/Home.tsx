import { fill } from '../../cli/site/placeholders.ts';
import { Illustration } from '../components/Illustration.tsx';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { LocalityLinks } from '../components/LocalityLinks.tsx';
import { ProjectsBand } from '../components/ProjectCards.tsx';
import { Reviews } from '../components/Reviews.tsx';
import { relevantProjects, relevantReviews } from '../../cli/site/proof.ts';
import { ServiceIcon } from '../components/ServiceIcon.tsx';
import { localBusiness } from '../components/structured.ts';
import { Band, ButtonLink, CallButton, ContactBlock, ContentSection, Container } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function Home() {
  const { model, t, lang, href, absolute, route } = usePage();
  const hero = model.images.get('hero.svg');
  return (
    <>
      <Seo
        title={t.home.seo.title}
        description={t.home.seo.description}
        keywords={t.home.seo.keywords}
        jsonLd={[localBusiness(model, absolute(route.path))]}
      />
      <section className="relative isolate overflow-hidden bg-sea-900 text-white">
        {hero && <Illustration image={hero} priority className="absolute inset-0 -z-10 size-full object-cover opacity-35" />}
        <Container className="flex min-h-[480px] flex-col justify-center py-16 md:min-h-[560px]">
          <p className="w-fit rounded-full bg-sand-100 px-4 py-1 text-sm font-semibold text-sea-900">{t.home.hero.badge}</p>
          <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{t.home.hero.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-sea-100 sm:text-xl">{t.home.hero.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CallButton />
            <ButtonLink href="#services" tone="onDark">
              {t.home.hero.secondary}
            </ButtonLink>
          </div>
          <p className="mt-6 text-sm text-sea-100">{fill(t.hours, model.site.hours)}</p>
        </Container>
      </section>
      <Band id="services" heading={t.home.servicesHeading} intro={t.home.servicesIntro}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {model.services.map((s) => (
            <li key={s.slug.es}>
              <a
                href={href(routeKey.service(s))}
                className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-sea-100 text-sea-800">
                  <ServiceIcon name={s.icon} className="size-6" />
                </span>
                <span className="mt-4 text-lg font-semibold text-sea-900 group-hover:underline">{s[lang].title}</span>
                <span className="mt-2 text-slate-700">{s[lang].menuDescription}</span>
              </a>
            </li>
          ))}
        </ul>
      </Band>
      <Band id="localities" heading={t.home.localitiesHeading} intro={t.home.localitiesIntro} tone="sea">
        <LocalityLinks localities={model.localities} />
      </Band>
      <ProjectsBand heading={t.projects.latestHeading} projects={relevantProjects(model, {}, 3)} tone="white" />
      <Reviews reviews={relevantReviews(model, {}, 4)} tone="sand" />
      {t.homeSections.map((section, i) => (
        <ContentSection key={section.heading} section={section} tone={i % 2 ? 'sand' : 'white'} />
      ))}
      <ContactBlock heading={t.home.contactHeading} text={t.home.contactText} />
    </>
  );
}
