import { inLang } from '../../cli/site/lang.ts';
import type { ProjectPage } from '../../cli/site/model.ts';
import type { ProjectText } from '../../cli/site/schema/project.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { Picture } from './Picture.tsx';
import { TeaserCard } from './TeaserCard.tsx';
import { Band, gridColumns } from './ui.tsx';

/** Cards of finished jobs: lead photo, title, where and when, summary. Titles are h3 under a band's h2, h2 on the index. */
export function ProjectCards({ projects, heading = 'h3' }: { projects: readonly ProjectPage[]; heading?: 'h2' | 'h3' }) {
  const { model, lang, href, t } = usePage();
  return (
    <ul className={`grid gap-6 ${gridColumns(projects.length, 3)}`}>
      {projects.map((project) => {
        const text = inLang<ProjectText>(project, lang, `the job "${project.key}"`);
        const lead = project.photos[0]!;
        const locality = model.localities.find((l) => l.slug === project.locality)!;
        return (
          <li key={project.key}>
            <TeaserCard
              picture={
                <Picture
                  photo={model.photos.get(lead.file)!}
                  alt={inLang(lead.alt, lang, `the lead photo of "${project.key}"`)}
                  sizes={
                    projects.length === 1 ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw'
                  }
                />
              }
              tag={locality.name}
              date={project.date}
              title={text.title}
              summary={text.summary}
              href={href(routeKey.project(project))}
              readMore={t.projects.readMore}
              heading={heading}
              alone={projects.length === 1}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** A band of jobs with a link to all of them; nothing at all when there are none. */
export function ProjectsBand({
  heading,
  projects,
  tone,
}: {
  heading: string;
  projects: readonly ProjectPage[];
  tone?: 'white' | 'sea' | 'sand';
}) {
  const { t, href } = usePage();
  if (projects.length === 0) return null;
  return (
    <Band id="projects" heading={heading} tone={tone}>
      <ProjectCards projects={projects} />
      <p className="mt-8">
        <a href={href(routeKey.projects())} className="font-semibold text-sea-700 underline underline-offset-2">
          {t.projects.viewAll}
        </a>
      </p>
    </Band>
  );
}
