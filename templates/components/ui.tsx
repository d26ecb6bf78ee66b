import { noBreak } from '../text.ts';
import { Illustration } from './Illustration.tsx';
import type { ReactNode } from 'react';
import { Check, Mail, Phone, Send } from './icons.tsx';
import type { Card, Hero as HeroContent, Section } from '../../cli/site/schema/common.ts';
import { usePage } from '../context.tsx';
import { Picture } from './Picture.tsx';

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

/** A page band with a heading; `tone` alternates backgrounds down the page. */
export function Band({
  id,
  heading,
  intro,
  tone = 'white',
  children,
}: {
  id?: string;
  heading: string;
  intro?: string;
  tone?: 'white' | 'sea' | 'sand';
  children: ReactNode;
}) {
  const background = { white: 'bg-white', sea: 'bg-sea-50', sand: 'bg-sand-50' }[tone];
  return (
    <section id={id} aria-labelledby={id && `${id}-heading`} className={`${background} py-14 sm:py-20`}>
      <Container>
        <h2 id={id && `${id}-heading`} className="text-2xl font-bold tracking-tight text-sea-900 sm:text-3xl">
          {heading}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p>}
        <div className="mt-8">{children}</div>
      </Container>
    </section>
  );
}

const buttonBase =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold shadow-sm transition-colors';
const buttonTones = {
  primary: 'bg-terracotta-600 text-white hover:bg-terracotta-700',
  secondary: 'bg-white text-sea-900 ring-1 ring-sea-200 hover:bg-sea-50',
  onDark: 'bg-white/10 text-white ring-1 ring-white/70 hover:bg-white/20',
};

/** Classes of a button-styled link, for islands that render one themselves. */
export const buttonClass = (tone: keyof typeof buttonTones = 'primary') => `${buttonBase} ${buttonTones[tone]}`;

export function ButtonLink({
  href,
  tone = 'primary',
  icon,
  children,
  label,
}: {
  href: string;
  tone?: keyof typeof buttonTones;
  icon?: ReactNode;
  children: ReactNode;
  /** Accessible name when the visible text needs context. */
  label?: string;
}) {
  return (
    <a href={href} aria-label={label} className={buttonClass(tone)}>
      {icon}
      {children}
    </a>
  );
}

export function CallButton({ tone = 'primary' }: { tone?: keyof typeof buttonTones }) {
  const { model, t } = usePage();
  return (
    <ButtonLink href={`tel:${model.site.phone.e164}`} tone={tone} icon={<Phone className="size-5" />}>
      {noBreak(t.buttons.callNow)}
    </ButtonLink>
  );
}

export function EmailButton({ tone = 'secondary' }: { tone?: keyof typeof buttonTones }) {
  const { model, t } = usePage();
  return (
    <ButtonLink href={`mailto:${model.site.email}`} tone={tone} icon={<Mail className="size-5" />}>
      {t.buttons.sendEmail}
    </ButtonLink>
  );
}

export function QuoteButton({ tone = 'secondary' }: { tone?: keyof typeof buttonTones }) {
  const { href, t } = usePage();
  return (
    <ButtonLink href={`${href('contact')}#contact-form`} tone={tone} icon={<Send className="size-5" />}>
      {t.buttons.requestQuote}
    </ButtonLink>
  );
}

/** The hero band at the top of most pages: badge, h1, description and call buttons. */
export function Hero({ content, image, children }: { content: HeroContent; image?: string; children?: ReactNode }) {
  const { model } = usePage();
  const img = image ? model.images.get(image) : undefined;
  return (
    <section className="relative overflow-hidden bg-sea-900 text-white">
      <Container className="grid min-h-[400px] items-center gap-10 py-12 md:min-h-[500px] md:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-sand-100 px-4 py-1 text-sm font-semibold text-sea-900">{content.badge}</p>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{content.title}</h1>
          <p className="mt-5 max-w-xl text-lg text-sea-100">{content.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">{children ?? <CallButton />}</div>
        </div>
        {img && <Illustration image={img} priority className="hidden w-full rounded-3xl bg-sea-50 shadow-2xl md:block" />}
      </Container>
    </section>
  );
}

export function Checklist({ items, columns = 2 }: { items: readonly string[]; columns?: 1 | 2 | 3 }) {
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[columns];
  return (
    <ul className={`grid gap-3 ${grid}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Check className="mt-0.5 size-5 shrink-0 text-olive-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Cards({ cards, numbered = false }: { cards: readonly Card[]; numbered?: boolean }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card, i) => (
        <li key={card.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {numbered && (
            <span className="mb-3 inline-flex size-9 items-center justify-center rounded-full bg-sea-800 font-bold text-white">
              {i + 1}
            </span>
          )}
          <h3 className="text-lg font-semibold text-sea-900">{card.title}</h3>
          <p className="mt-2 text-slate-700">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A free content section from content/ (see sectionSchema). */
export function ContentSection({ section, tone }: { section: Section; tone?: 'white' | 'sea' | 'sand' }) {
  const { model } = usePage();
  return (
    <Band heading={section.heading} tone={tone}>
      <div className="space-y-6">
        {section.body?.map((p) => (
          <p key={p} className="max-w-3xl text-lg leading-8 text-slate-700">
            {p}
          </p>
        ))}
        {section.items && <Checklist items={section.items} />}
        {section.lists && (
          <div className="grid gap-8 md:grid-cols-2">
            {section.lists.map((list) => (
              <div key={list.heading}>
                <h3 className="mb-4 text-xl font-semibold text-sea-900">{list.heading}</h3>
                <Checklist items={list.items} columns={1} />
              </div>
            ))}
          </div>
        )}
        {section.cards && <Cards cards={section.cards} />}
        {section.gallery && (
          <ul className="grid gap-5 sm:grid-cols-2">
            {section.gallery.map((g) => {
              const img = g.image ? model.images.get(g.image)! : undefined;
              return (
                <li key={g.image ?? g.photo}>
                  <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                    {img ? (
                      <Illustration image={img} alt={g.alt} lazy className="h-auto w-full" />
                    ) : (
                      <Picture
                        photo={model.photos.get(g.photo!)!}
                        alt={g.alt}
                        sizes="(min-width: 1152px) 548px, (min-width: 640px) 50vw, 100vw"
                      />
                    )}
                    {g.caption && <figcaption className="p-4 text-sm text-slate-700">{g.caption}</figcaption>}
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Band>
  );
}

/** The four 'why choose us' points shared by the service-in-locality pages. */
export function WhyChooseUs({ tone = 'sea' }: { tone?: 'white' | 'sea' | 'sand' }) {
  const { t } = usePage();
  return (
    <Band heading={t.whyChooseUs.heading} tone={tone}>
      <Cards cards={t.whyChooseUs.points} />
    </Band>
  );
}

/** Closing call to action: heading, text, and call, e-mail and quote buttons. */
export function ContactBlock({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="bg-sea-800 py-14 text-white sm:py-20">
      <Container className="text-center">
        <h2 className="text-2xl font-bold sm:text-3xl">{heading}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-sea-100">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <CallButton />
          <EmailButton tone="onDark" />
          <QuoteButton tone="onDark" />
        </div>
      </Container>
    </section>
  );
}

/** Structured data for search engines; a data block, not a script, so CSP does not block it. */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped above, so it cannot close the script
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
