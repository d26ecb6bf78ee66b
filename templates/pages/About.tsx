import { usePage } from '../context.tsx';
import { Band, Cards, ContactBlock, Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function About() {
  const { t } = usePage();
  const { about } = t;
  const block = (b: { heading: string; body: string[] }, tone: 'white' | 'sea' | 'sand') => (
    <Band heading={b.heading} tone={tone}>
      <div className="max-w-3xl space-y-5 text-lg leading-8 text-slate-700">
        {b.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
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
