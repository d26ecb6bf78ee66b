import { fill } from '../../cli/site/placeholders.ts';
import { contactPath } from '../../cli/site/contact/fields.ts';
import { contactConstraints } from '../../cli/site/contact/constraints.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { legalPagesFor, servicesIn } from '../components/derived.ts';
import { usePage } from '../context.tsx';
import { Mail, MessageCircle } from '../components/icons.tsx';
import { LocalityLinks } from '../components/LocalityLinks.tsx';
import { localBusiness } from '../components/structured.ts';
import { ButtonLink, CallButton, Container, gridColumns, HeroText, QuoteButton } from '../components/ui.tsx';
import { ContactForm } from '../islands/ContactForm.tsx';
import { Island } from '../islands/Island.tsx';
import { Seo } from '../layout/Seo.tsx';
import { whatsappHref } from '../layout/WhatsAppButton.tsx';

/** The legal text the privacy notice links to, by its key. */
const privacyPolicy = routeKey.legal('politica-privacidad');

/**
 * The contact page: the form in the first screen, beside the page's title and the other ways to
 * reach the company (on a phone, right under them, with a button that jumps to it); and at the
 * form, the first layer of data-protection information.
 */
export function Contact() {
  const { model, t, lang, absolute, route, routes } = usePage();
  const { site } = model;
  // The services of the page's language: its visitors read their names.
  const services = servicesIn(model, lang).map(({ service, text }) => ({ value: service.key, label: text.title }));
  return (
    <>
      <Seo
        title={t.contact.seo.title}
        description={t.contact.seo.description}
        keywords={t.contact.seo.keywords}
        jsonLd={[localBusiness(model, absolute(route.path))]}
      />
      {/* The title and the ways to call, then the form (on the right on wide screens), what is done with its data, and the towns. */}
      <section className="bg-sea-900 text-white">
        <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-12 lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:py-6">
          {/* The page shows its own WhatsApp link here: the floating one steps aside where it would cover a field (styles.css). */}
          <div data-whatsapp-inline className="lg:col-span-5">
            <HeroText
              content={{ ...t.contact.hero, description: `${t.contact.hero.description} ${t.contact.formIntro}` }}
              actions={
                <>
                  <CallButton />
                  <ButtonLink
                    href={whatsappHref(site.whatsapp, t.whatsappMessage)}
                    tone="onDark"
                    icon={<MessageCircle className="size-5" />}
                    newTab
                  >
                    {t.buttons.whatsapp}
                  </ButtonLink>
                  {/* On a phone the form comes below the hero: one tap takes the visitor there. */}
                  <span className="lg:hidden">
                    <QuoteButton tone="onDark" />
                  </span>
                </>
              }
            />
          </div>
          <div className="relative rounded-3xl bg-white p-6 text-slate-800 shadow-xl sm:p-8 lg:col-span-7 lg:row-span-2 lg:self-start lg:p-6">
            <h2 className="text-2xl font-bold text-sea-900">{t.contact.formHeading}</h2>
            <p className="mt-1 mb-5 text-sm text-slate-700">{t.form.required}</p>
            <Island
              name="ContactForm"
              component={ContactForm}
              props={{
                lang,
                action: contactPath,
                labels: t.form.labels,
                placeholders: t.form.placeholders,
                services,
                selectService: t.form.selectService,
                honeypot: t.form.honeypot,
                submit: t.form.submit,
                sending: t.form.sending,
                success: t.form.success,
                error: t.form.error,
                dismiss: t.form.dismiss,
                constraints: contactConstraints(
                  t.form.errors,
                  services.map((s) => s.value),
                ),
              }}
            />
          </div>
          {/* After the form on a phone, under the hero on a laptop (the form spans both rows there). */}
          <div className="lg:col-span-5">
            <p className="max-w-xl text-sea-100">{fill(t.contact.infoText, site.hours)}</p>
            <p className="mt-3">
              <a
                href={`mailto:${site.email}`}
                className="inline-flex items-center gap-2 font-semibold text-white underline underline-offset-2"
              >
                <Mail className="size-5" />
                {site.email}
              </a>
            </p>
          </div>
          <PrivacyNotice policy={legalPagesFor(routes, lang).find((r) => r.key === privacyPolicy)} />
          {/* Where the company works, the question a visitor asks before writing: the towns, from the content. */}
          <div className="lg:col-span-12">
            <h2 className="text-xl font-bold">{t.home.localitiesHeading}</h2>
            <div className="mt-4">
              <LocalityLinks localities={model.localities} />
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

/**
 * Who is responsible for the data sent with the form, why and on what basis it is used, who
 * receives it and the visitor's rights, with the full policy one link away: the first layer of
 * information the Spanish data-protection authority expects where personal data are collected.
 */
function PrivacyNotice({ policy }: { policy: { path: string; lang: string } | undefined }) {
  const { model, t, lang } = usePage();
  const { privacy } = t.contact;
  const values = { owner: model.site.owner.name, brand: model.site.brand, email: model.site.email };
  const rows = [privacy.controller, privacy.purpose, privacy.basis, privacy.recipients, privacy.rights];
  return (
    <section aria-labelledby="privacy-notice-heading" className="rounded-2xl p-6 text-sm text-sea-100 ring-1 ring-sea-700 lg:col-span-12">
      <h2 id="privacy-notice-heading" className="text-base font-bold text-white">
        {privacy.heading}
      </h2>
      <dl className={`mt-4 grid gap-x-8 gap-y-4 ${gridColumns(rows.length + (policy ? 1 : 0), 3)}`}>
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="font-semibold text-white">{row.label}</dt>
            <dd className="mt-1">{fill(row.text, values)}</dd>
          </div>
        ))}
        {policy && (
          <div>
            <dt className="font-semibold text-white">{privacy.more.label}</dt>
            <dd className="mt-1">
              <a
                href={policy.path}
                hrefLang={policy.lang === lang ? undefined : policy.lang}
                className="font-medium text-white underline underline-offset-2"
              >
                {privacy.more.link}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
