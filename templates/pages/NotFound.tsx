import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { servicesIn } from '../components/derived.ts';
import { ButtonLink, Container } from '../components/ui.tsx';
import { Island } from '../islands/Island.tsx';
import { NotFound as NotFoundMessage } from '../islands/NotFound.tsx';
import { Seo } from '../layout/Seo.tsx';

/** One static 404 per language; the host serves it for every unknown path. */
export function NotFound() {
  const { model, t, lang, href, routes } = usePage();
  const services = servicesIn(model, lang);
  return (
    <>
      <Seo title={t.notFound.seo.title} description={t.notFound.seo.description} />
      <Container width="text" className="py-20 text-center">
        <p className="text-8xl font-black text-sea-800 sm:text-9xl" aria-hidden="true">
          404
        </p>
        <Island
          name="NotFound"
          component={NotFoundMessage}
          props={{
            generic: { title: t.notFound.title, text: t.notFound.text },
            service: { title: t.notFound.serviceTitle, text: t.notFound.serviceText },
            serviceSlugs: services.map(({ service }) => service.slug[lang]!),
            ...(lang !== routes.languages[0] && { prefix: lang }),
          }}
        />
        <div className="mt-8">
          <ButtonLink href={href(routeKey.home())}>{t.notFound.home}</ButtonLink>
        </div>
        <h2 className="mt-14 text-xl font-bold text-sea-900">{t.notFound.servicesHeading}</h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {services.map(({ service, text }) => (
            <li key={service.key}>
              <a
                href={href(routeKey.service(service))}
                className="inline-flex rounded-full bg-sea-50 px-4 py-2 font-medium text-sea-900 ring-1 ring-sea-200 hover:bg-sea-100"
              >
                {text.title}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
