import { MapPin } from './icons.tsx';
import type { Locality } from '../../cli/site/schema/locality.ts';
import { usePage } from '../context.tsx';
import { byName } from '../intl.ts';

const badge = 'inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-medium text-sea-900 ring-1 ring-sea-200';

/** Locality badges in alphabetical order, the one a visitor looking for a town can follow; with `href`, each links to that locality's page. */
export function LocalityLinks({ localities, href }: { localities: readonly Locality[]; href?: (l: Locality) => string }) {
  const { t } = usePage();
  return (
    <ul className="flex flex-wrap gap-2">
      {byName(localities, (l) => l.name, t.locale).map((l) => {
        const content = (
          <>
            <MapPin className="size-4 text-terracotta-600" />
            {l.name}
          </>
        );
        return (
          <li key={l.slug}>
            {href ? (
              <a href={href(l)} className={`${badge} hover:bg-sea-100`}>
                {content}
              </a>
            ) : (
              <span className={badge}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
