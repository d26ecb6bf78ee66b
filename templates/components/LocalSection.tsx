import type { Place } from '../../cli/site/model.ts';
import { fill } from '../../cli/site/placeholders.ts';
import type { Locality } from '../../cli/site/schema/locality.ts';
import { usePage } from '../context.tsx';
import { LocalityLinks } from './LocalityLinks.tsx';
import { Band, gridColumns, Prose } from './ui.tsx';

/**
 * What a trade means in one locality (content/local/<family>.yaml), its questions and answers, and
 * links to the same page of the nearest localities. `family` is the Spanish slug of the service or
 * of air conditioning; `href` gives the same page for another locality.
 */
export function LocalSection({
  family,
  service,
  locality,
  href,
}: {
  family: string;
  service: string;
  locality: Place;
  href: (l: Locality) => string;
}) {
  const { model, t, lang } = usePage();
  const text = model.localTexts[family]?.[locality.slug]?.[lang];
  const nearby = locality.nearby.map((slug) => model.localities.find((l) => l.slug === slug)!);
  const values = { locality: locality.name, service };
  return (
    <>
      {text && (
        <>
          <Band heading={text.heading} narrow>
            <Prose paragraphs={text.body} />
          </Band>
          <Band heading={fill(t.localityPage.faqHeading, values)} tone="sand">
            <ul className={`grid gap-5 ${gridColumns(text.faq.length, 3)}`}>
              {text.faq.map(({ question, answer }) => (
                <li key={question} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <h3 className="text-lg font-semibold text-sea-900">{question}</h3>
                  <p className="mt-2 text-slate-700">{answer}</p>
                </li>
              ))}
            </ul>
          </Band>
        </>
      )}
      <Band heading={fill(t.localityPage.nearbyHeading, values)}>
        <LocalityLinks localities={nearby} href={href} />
      </Band>
    </>
  );
}
