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
import { Band, ButtonLink, CallButton, ContactBlock, ContentSection, Container, gridColumns } from '../components/ui.tsx';
import { comarcaList, serviceListSentence, servicesIn } from '../components/derived.ts';
import { formatNumber } from '../intl.ts';
import { Seo } from '../layout/Seo.tsx';

export function Home() {
  const { model, t, lang, href, absolute, route } = usePage();
  const services = servicesIn(model, lang);
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
        {hero && (
          <>
            <Illustration image={hero} priority className="absolute inset-0 -z-20 size-full object-cover opacity-35" />
            {/* A scrim under the text, so it reads as well over the drawing's sky as over its sea; the drawing shows beside it. */}
            <div className="absolute inset-0 -z-10 bg-sea-950/70 md:bg-transparent md:bg-linear-to-r md:from-sea-950/90 md:via-sea-950/70 md:to-sea-950/0" />
          </>
        )}
        <Container
          className={`flex min-h-[480px] flex-col justify-center py-12 sm:py-16 md:min-h-[560px] ${hero ? '' : 'items-center text-center'}`}
        >
          <p className="w-fit rounded-full bg-sand-100 px-4 py-1 text-sm font-semibold text-sea-900">{t.home.hero.badge}</p>
          <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{t.home.hero.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-white sm:text-xl">
            {fill(t.home.hero.description, { Services: serviceListSentence(model, t, lang) })}
          </p>
          <div className={`mt-8 flex flex-wrap gap-3 ${hero ? '' : 'justify-center'}`}>
            <CallButton />
            <ButtonLink href="#services" tone="onDark">
              {t.home.hero.secondary}
            </ButtonLink>
          </div>
          <p className="mt-6 text-white">{fill(t.hours, model.site.hours)}</p>
        </Container>
      </section>
      <Band
        id="services"
        heading={t.home.servicesHeading}
        intro={fill(t.home.servicesIntro, { count: formatNumber(services.length, t.locale) })}
      >
        <ul className={`grid gap-5 ${gridColumns(services.length)}`}>
          {services.map(({ service: s, text }) => (
            <li key={s.key}>
              <a
                href={href(routeKey.service(s))}
                className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-sea-100 text-sea-800">
                  <ServiceIcon name={s.icon} className="size-6" />
                </span>
                <span className="mt-4 text-lg font-semibold text-sea-900 group-hover:underline">{text.title}</span>
                <span className="mt-2 text-slate-700">{text.menuDescription}</span>
              </a>
            </li>
          ))}
        </ul>
      </Band>
      <Band
        id="localities"
        heading={t.home.localitiesHeading}
        intro={fill(t.home.localitiesIntro, {
          count: formatNumber(model.localities.length, t.locale),
          comarcas: comarcaList(model.localities, t),
        })}
        tone="sea"
      >
        <LocalityLinks localities={model.localities} />
      </Band>
      <ProjectsBand heading={t.projects.latestHeading} projects={relevantProjects(model, {}, lang, 3)} tone="white" />
      <Reviews reviews={relevantReviews(model, {}, 4)} tone="sand" />
      {t.homeSections.map((section, i) => (
        <ContentSection key={section.heading} section={section} tone={i % 2 ? 'sand' : 'white'} />
      ))}
      <ContactBlock heading={t.home.contactHeading} text={t.home.contactText} />
    </>
  );
}
