import { noBreak } from '../no-break.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { Container } from '../components/ui.tsx';
import { legalPagesFor, serviceList, servicesIn } from '../components/derived.ts';
import { WhatsAppButton } from './WhatsAppButton.tsx';

export function Footer() {
  const { model, t, href, lang, year, routes } = usePage();
  const { site } = model;
  // A language without legal texts of its own links the first language's, marked as in that language.
  const legal = legalPagesFor(routes, lang);
  const cookiePolicy = legal.find((r) => r.key === routeKey.cookiePolicy());
  const marked = (r: { lang: string }) => (r.lang === lang ? {} : { lang: r.lang, hrefLang: r.lang });
  const heading = 'text-sm font-semibold uppercase tracking-wide text-sand-100';
  const link = 'text-sea-100 hover:text-white hover:underline';
  return (
    <footer id="site-footer" className="bg-sea-950 pt-14 pb-24 text-sea-100 sm:pb-14">
      <Container>
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-lg font-extrabold text-white">{site.brand}</p>
            <p className="mt-3 text-sm leading-6">{fill(t.footer.blurb, { services: serviceList(model, t, lang) })}</p>
            {/* Without JavaScript the phone menu cannot open, and this is the way to these pages. */}
            <nav aria-labelledby="footer-company" className="mt-8">
              <h2 id="footer-company" className={heading}>
                {t.footer.companyHeading}
              </h2>
              <ul className="mt-4 space-y-2 text-sm">
                {(['about', 'blog', 'contact'] as const).map((key) => {
                  const page = routes.find(key, lang);
                  return (
                    page && (
                      <li key={key}>
                        <a className={link} href={page.path}>
                          {t.nav[key]}
                        </a>
                      </li>
                    )
                  );
                })}
              </ul>
            </nav>
          </div>
          <div>
            <h2 className={heading}>{t.footer.contactHeading}</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="font-semibold text-white">{t.footer.phoneLabel}</dt>
                <dd>
                  <a className={link} href={`tel:${site.phone.e164}`}>
                    {noBreak(site.phone.display)}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-white">{t.footer.emailLabel}</dt>
                <dd>
                  <a className={link} href={`mailto:${site.email}`}>
                    {site.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-white">{t.footer.areaLabel}</dt>
                <dd>{site.serviceArea[lang]}</dd>
              </div>
              <div>
                <dt className="font-semibold text-white">{t.footer.hoursLabel}</dt>
                <dd>{fill(t.hours, site.hours)}</dd>
              </div>
            </dl>
          </div>
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services" className={heading}>
              {t.footer.servicesHeading}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {servicesIn(model, lang).map(({ service, text }) => (
                <li key={service.key}>
                  <a className={link} href={href(routeKey.service(service))}>
                    {text.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className={heading}>
              {t.footer.legalHeading}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {legal.map((r) => (
                <li key={r.path}>
                  <a className={link} href={r.path} {...marked(r)}>
                    {r.page.title}
                  </a>
                </li>
              ))}
              {cookiePolicy && (
                <li>
                  <a
                    className={link}
                    href={cookiePolicy.path}
                    data-cookie-settings
                    hrefLang={cookiePolicy.lang === lang ? undefined : cookiePolicy.lang}
                  >
                    {t.footer.cookieSettings}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </div>
        <p className="mt-12 border-t border-sea-800 pt-6 text-sm">{fill(t.footer.copyright, { year, brand: site.brand })}</p>
      </Container>
      {/* Floats over every screen, but belongs to the footer's landmark like the other ways to reach us. */}
      <WhatsAppButton />
    </footer>
  );
}
