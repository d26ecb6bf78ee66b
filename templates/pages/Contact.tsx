import { noBreak } from '../text.ts';
import { Clock, Mail, MapPin, Phone } from '../components/icons.tsx';
import type { ReactNode } from 'react';
import { fill } from '../../cli/site/placeholders.ts';
import { contactPath } from '../../cli/site/contact/fields.ts';
import { contactConstraints } from '../../cli/site/contact/constraints.ts';
import { usePage } from '../context.tsx';
import { localBusiness } from '../components/structured.ts';
import { Container, Hero } from '../components/ui.tsx';
import { ContactForm } from '../islands/ContactForm.tsx';
import { Island } from '../islands/Island.tsx';
import { Seo } from '../layout/Seo.tsx';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-sea-100 text-sea-800">{icon}</span>
      <div>
        <h3 className="font-semibold text-sea-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

export function Contact() {
  const { model, t, lang, absolute, route } = usePage();
  const { site } = model;
  const link = 'font-medium text-sea-700 underline underline-offset-2';
  const services = model.services.map((s) => ({ value: s.slug.es, label: s[lang].title }));
  return (
    <>
      <Seo
        title={t.contact.seo.title}
        description={t.contact.seo.description}
        keywords={t.contact.seo.keywords}
        jsonLd={[localBusiness(model, absolute(route.path))]}
      />
      <Hero content={t.contact.hero} />
      <section className="bg-sea-50 py-14 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div className="relative rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-2xl font-bold text-sea-900">{t.contact.formHeading}</h2>
            <p className="mt-2 mb-6 text-slate-700">{t.contact.formIntro}</p>
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
                  lang,
                  services.map((s) => s.value),
                ),
              }}
            />
          </div>
          <div>
            <h2 className="text-2xl font-bold text-sea-900">{t.contact.infoHeading}</h2>
            <ul className="mt-6 space-y-4">
              <InfoCard icon={<Phone className="size-5" />} title={t.contact.phoneTitle}>
                <a className={link} href={`tel:${site.phone.e164}`}>
                  {noBreak(site.phone.display)}
                </a>
              </InfoCard>
              <InfoCard icon={<Mail className="size-5" />} title={t.contact.emailTitle}>
                <a className={link} href={`mailto:${site.email}`}>
                  {site.email}
                </a>
                <p className="mt-1 text-sm">{t.contact.emailReply}</p>
              </InfoCard>
              <InfoCard icon={<MapPin className="size-5" />} title={t.contact.zoneTitle}>
                {t.contact.zoneText}
              </InfoCard>
              <InfoCard icon={<Clock className="size-5" />} title={t.contact.hoursTitle}>
                {fill(t.hours, site.hours)}
              </InfoCard>
            </ul>
          </div>
        </Container>
      </section>
    </>
  );
}
