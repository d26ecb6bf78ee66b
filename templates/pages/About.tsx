import { usePage } from '../context.tsx';
import { fill } from '../../cli/site/placeholders.ts';
import { serviceList } from '../components/derived.ts';
import { Band, Cards, ContactBlock, Hero, Prose, type Tone } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function About() {
  const { t, model, lang } = usePage();
  const { about } = t;
  const values = { services: serviceList(model, t, lang) };
  const block = (b: { heading: string; body: string[] }, tone: Tone) => (
    <Band heading={b.heading} tone={tone} narrow>
      <Prose paragraphs={b.body.map((p) => fill(p, values))} />
    </Band>
  );
  return (
    <>
      <Seo title={about.seo.title} description={about.seo.description} keywords={about.seo.keywords} pageType="AboutPage" />
      <Hero content={about.hero} image="hero.svg" />
      {block(about.history, 'white')}
      {block(about.team, 'sea')}
      {block(about.philosophy, 'white')}
      <Band heading={about.valuesHeading} tone="sand">
        <Cards cards={about.values} />
      </Band>
      {block(about.commitment, 'white')}
      <ContactBlock heading={t.home.contactHeading} text={t.home.contactText} />
    </>
  );
}
