import { usePage } from '../context.tsx';
import { ProjectCards } from '../components/ProjectCards.tsx';
import { ContactBlock, Container, Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function Projects() {
  const { model, t } = usePage();
  return (
    <>
      <Seo
        title={t.projects.seo.title}
        description={t.projects.seo.description}
        keywords={t.projects.seo.keywords}
        pageType="CollectionPage"
      />
      <Hero content={t.projects.hero} />
      <div className="bg-sea-50 py-14 sm:py-20">
        <Container>
          <ProjectCards projects={model.projects} heading="h2" />
        </Container>
      </div>
      <ContactBlock heading={t.projects.ctaHeading} text={t.projects.ctaText} />
    </>
  );
}
