import { noBreak } from '../no-break.ts';
import { Illustration } from './Illustration.tsx';
import type { ReactNode } from 'react';
import { Check, Mail, Phone, Send } from './icons.tsx';
import type { Card, Hero as HeroContent, Section } from '../../cli/site/schema/common.ts';
import { usePage } from '../context.tsx';
import { Picture } from './Picture.tsx';

/** `text`: the width of an article, whose lines stay short enough to read. */
export function Container({
  children,
  className = '',
  width = 'page',
}: {
  children: ReactNode;
  className?: string;
  width?: 'page' | 'text';
}) {
  const max = width === 'text' ? 'max-w-3xl' : 'max-w-6xl';
  return <div className={`mx-auto w-full ${max} px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

export type Tone = 'white' | 'sea' | 'sand';

/** Running text: at most ~75 characters a line, past which the eye loses the next line. */
export const measure = 'max-w-[60ch]';

/**
 * A page band with a heading; `tone` alternates backgrounds down the page, and two bands of one
 * tone in a row share their padding (styles.css). `narrow`, for running text: heading and text in a
 * reading column in the middle of the row, rather than at its left with the rest of the row empty.
 */
export function Band({
  id,
  heading,
  intro,
  tone = 'white',
  narrow = false,
  children,
}: {
  id?: string;
  heading: string;
  intro?: string;
  tone?: Tone;
  narrow?: boolean;
  children: ReactNode;
}) {
  const background = { white: 'bg-white', sea: 'bg-sea-50', sand: 'bg-sand-50' }[tone];
  return (
    <section id={id} aria-labelledby={id && `${id}-heading`} data-tone={tone} className={`band ${background} py-14 sm:py-20`}>
      <Container>
        <div className={narrow ? 'mx-auto max-w-2xl' : ''}>
          <h2 id={id && `${id}-heading`} className="text-2xl font-bold tracking-tight text-balance text-sea-900 sm:text-3xl">
            {heading}
          </h2>
          {intro && <p className={`mt-3 text-lg text-slate-700 ${measure}`}>{intro}</p>}
          <div className="mt-8">{children}</div>
        </div>
      </Container>
    </section>
  );
}

/** Paragraphs of running text. */
export function Prose({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className={`space-y-5 text-lg leading-8 text-slate-700 ${measure}`}>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}

/**
 * Grid columns for `count` like items, so no row is left with an empty column that another count
 * would fill: one row when they fit in `max`, else the most columns that divide them evenly.
 */
export function gridColumns(count: number, max: 2 | 3 | 4 = 4): string {
  // How full the last row is with n columns; the fullest wins, then the widest.
  const fill = (n: number) => (count % n || n) / n;
  const n = count <= max ? count : [4, 3, 2].filter((c) => c <= max).reduce((best, c) => (fill(c) > fill(best) ? c : best));
  return { 0: '', 1: '', 2: 'sm:grid-cols-2', 3: 'md:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[n] ?? '';
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
  newTab = false,
}: {
  href: string;
  tone?: keyof typeof buttonTones;
  icon?: ReactNode;
  children: ReactNode;
  /** Accessible name when the visible text needs context. */
  label?: string;
  /** Opens in a new tab, as a chat does. */
  newTab?: boolean;
}) {
  return (
    <a href={href} aria-label={label} className={buttonClass(tone)} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
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

/** The badge, h1, description and buttons of a hero; `centered` when nothing stands beside them. */
export function HeroText({ content, centered = false, actions }: { content: HeroContent; centered?: boolean; actions?: ReactNode }) {
  return (
    <div className={centered ? 'mx-auto flex max-w-3xl flex-col items-center text-center' : ''}>
      <p className="inline-flex rounded-full bg-sand-100 px-4 py-1 text-sm font-semibold text-sea-900">{content.badge}</p>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{content.title}</h1>
      <p className="mt-5 max-w-xl text-lg text-sea-100">{content.description}</p>
      {actions && <div className={`mt-8 flex flex-wrap gap-3 ${centered ? 'justify-center' : ''}`}>{actions}</div>}
    </div>
  );
}

/**
 * The hero band at the top of most pages: badge, h1, description and call buttons, with the page's
 * illustration beside them; without one, the text is centred rather than leaving half the band empty.
 */
export function Hero({ content, image, children }: { content: HeroContent; image?: string; children?: ReactNode }) {
  const { model } = usePage();
  const img = image ? model.images.get(image) : undefined;
  if (!img) {
    return (
      <section className="bg-sea-900 text-white">
        <Container className="py-12 sm:py-20">
          <HeroText content={content} centered actions={children ?? <CallButton />} />
        </Container>
      </section>
    );
  }
  return (
    <section className="relative overflow-hidden bg-sea-900 text-white">
      <Container className="grid min-h-[400px] items-center gap-10 py-10 sm:py-12 md:min-h-[500px] md:grid-cols-2">
        <HeroText content={content} actions={children ?? <CallButton />} />
        <Illustration image={img} priority className="hidden w-full rounded-3xl bg-sea-50 shadow-2xl md:block" />
      </Container>
    </section>
  );
}

/** A list of ticks in up to `columns` columns: as many as divide the items evenly, so no row is left half empty. */
export function Checklist({ items, columns = 2 }: { items: readonly string[]; columns?: 1 | 2 | 3 }) {
  const n = [3, 2].find((c) => c <= columns && items.length % c === 0) ?? 1;
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[n];
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
    <ul className={`grid gap-5 ${gridColumns(cards.length)}`}>
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

export interface GalleryItem {
  key: string;
  /** The picture's intrinsic size: its shape sets its share of the row. */
  width: number;
  height: number;
  alt: string;
  /** The picture, with the alt text it should carry. */
  media: (alt: string) => ReactNode;
  /** Without one, the alt text is the caption, and the picture's own alt is empty so it is not read twice. */
  caption?: string;
}

// Shares of a row by shape (width / height × 100), as static classes the stylesheet can find.
const shares = {
  56: 'sm:flex-[56_1_0%]',
  67: 'sm:flex-[67_1_0%]',
  75: 'sm:flex-[75_1_0%]',
  80: 'sm:flex-[80_1_0%]',
  100: 'sm:flex-[100_1_0%]',
  125: 'sm:flex-[125_1_0%]',
  133: 'sm:flex-[133_1_0%]',
  150: 'sm:flex-[150_1_0%]',
  178: 'sm:flex-[178_1_0%]',
  200: 'sm:flex-[200_1_0%]',
} as const;
const shareOf = (item: GalleryItem) => {
  const shape = (item.width / item.height) * 100;
  const keys = Object.keys(shares).map(Number) as (keyof typeof shares)[];
  return shares[keys.reduce((a, b) => (Math.abs(b - shape) < Math.abs(a - shape) ? b : a))];
};

/** Rows of two, the last of three when the count is odd: no picture is left alone on a row. */
const rowsOf = <T,>(items: readonly T[]): T[][] => {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += 2) rows.push(items.slice(i, i + 2));
  if (rows.length > 1 && rows.at(-1)!.length === 1) rows.at(-2)!.push(rows.pop()![0]!);
  return rows;
};

/**
 * Pictures in rows whose members share one height, each as wide as its shape asks, so a portrait
 * beside a landscape leaves no hole; each with its caption under it.
 */
export function Gallery({ items }: { items: readonly GalleryItem[] }) {
  return (
    <div className="space-y-4">
      {rowsOf(items).map((row) => (
        <ul key={row.map((item) => item.key).join(' ')} className="flex flex-col gap-4 sm:flex-row">
          {row.map((item) => (
            <li key={item.key} className={shareOf(item)}>
              <figure className="h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                {item.media(item.caption ? item.alt : '')}
                <figcaption className="px-4 py-3 text-sm text-slate-700">{item.caption ?? item.alt}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** A free content section from content/ (see sectionSchema). */
export function ContentSection({ section, tone }: { section: Section; tone?: Tone }) {
  const { model } = usePage();
  const gallery = section.gallery?.map((g): GalleryItem => {
    const img = g.image ? model.images.get(g.image)! : undefined;
    const photo = g.photo ? model.photos.get(g.photo)! : undefined;
    const { width, height } = (img ?? photo)!;
    return {
      key: (g.image ?? g.photo)!,
      width,
      height,
      alt: g.alt,
      media: (alt) =>
        img ? (
          <Illustration image={img} alt={alt} lazy className="h-auto w-full" />
        ) : (
          <Picture photo={photo!} alt={alt} sizes="(min-width: 1152px) 548px, (min-width: 640px) 50vw, 100vw" />
        ),
      caption: g.caption,
    };
  });
  return (
    <Band heading={section.heading} tone={tone} narrow={!section.lists && !section.cards && !section.gallery}>
      <div className="space-y-6">
        {section.body && <Prose paragraphs={section.body} />}
        {section.items && <Checklist items={section.items} />}
        {section.lists && (
          <div className={`grid gap-8 ${gridColumns(section.lists.length, 3)}`}>
            {section.lists.map((list) => (
              <div key={list.heading}>
                <h3 className="mb-4 text-xl font-semibold text-sea-900">{list.heading}</h3>
                <Checklist items={list.items} columns={1} />
              </div>
            ))}
          </div>
        )}
        {section.cards && <Cards cards={section.cards} />}
        {gallery && <Gallery items={gallery} />}
      </div>
    </Band>
  );
}

/** The four 'why choose us' points shared by the service-in-locality pages. */
export function WhyChooseUs({ tone = 'sea' }: { tone?: Tone }) {
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
