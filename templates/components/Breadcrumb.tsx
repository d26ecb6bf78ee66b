import { usePage } from '../context.tsx';
import { ArrowLeft } from './icons.tsx';
import { Container } from './ui.tsx';

export interface Crumb {
  label: string;
  path: string;
}

/** Trail of links above a page's hero; the last crumb is the current page. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const { t } = usePage();
  return (
    <nav aria-label={t.breadcrumb.label} className="border-b border-slate-200 bg-sea-50">
      <Container>
        {/* The "/" after each crumb is drawn by styles.css (.crumbs): it ends a line rather than starting one. */}
        <ol className="crumbs flex flex-wrap items-center gap-x-2 py-3 text-sm text-slate-700">
          {trail.map((crumb, i) => (
            <li key={crumb.path}>
              {i === trail.length - 1 ? (
                <span aria-current="page" className="font-semibold text-sea-900">
                  {crumb.label}
                </span>
              ) : (
                <a href={crumb.path} className="inline-block py-1 text-sea-700 underline-offset-2 hover:underline">
                  {crumb.label}
                </a>
              )}
            </li>
          ))}
        </ol>
      </Container>
    </nav>
  );
}

/** The link above an article back to the list it belongs to (the blog, the jobs). */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="inline-flex items-center gap-2 font-semibold text-sea-700 hover:underline">
      <ArrowLeft className="size-4" />
      {children}
    </a>
  );
}

/** schema.org BreadcrumbList for the same trail. */
export function breadcrumbJsonLd(trail: Crumb[], absolute: (path: string) => string): object {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.label, item: absolute(crumb.path) })),
  };
}
