import type { ProjectPage } from '../../cli/site/model.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { formatDate } from '../pages/dates.ts';
import { Picture } from './Picture.tsx';
import { Band } from './ui.tsx';

/** Cards of finished jobs: lead photo, title, where and when, summary. Titles are h3 under a band's h2, h2 on the index. */
export function ProjectCards({ projects, heading: Heading = 'h3' }: { projects: readonly ProjectPage[]; heading?: 'h2' | 'h3' }) {
  const { model, lang, href, t } = usePage();
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => {
        const text = project[lang];
        const lead = project.photos[0]!;
        const locality = model.localities.find((l) => l.slug === project.locality)!;
        return (
          <li key={project.es.slug}>
            <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <Picture
                photo={model.photos.get(lead.file)!}
                alt={lead.alt[lang]}
                sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
              />
              <div className="flex flex-1 flex-col p-6">
                <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                  <span className="rounded-full bg-sand-100 px-3 py-0.5 font-semibold text-sea-900">{locality.name}</span>
                  <time dateTime={project.date}>{formatDate(project.date, lang)}</time>
                </p>
                <Heading className="mt-3 text-xl font-bold text-sea-900">
                  <a href={href(routeKey.project(project))} className="hover:underline">
                    {text.title}
                  </a>
                </Heading>
                <p className="mt-2 flex-1 text-slate-700">{text.summary}</p>
                <a
                  href={href(routeKey.project(project))}
                  className="mt-4 font-semibold text-sea-700 underline underline-offset-2"
                  aria-label={`${t.projects.readMore}: ${text.title}`}
                >
                  {t.projects.readMore}
                </a>
              </div>
            </article>
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
