import { useEffect, useState } from 'react';
import { contactFields, droppedParam, type ContactField } from '../../cli/site/contact/fields.ts';

export interface RetryLinkProps {
  href: string;
  label: string;
  className: string;
  /** Says which fields were too long to carry over: "{fields}" becomes their labels. */
  dropped: string;
  labels: Record<ContactField, string>;
}

/**
 * The send-error page's "try again" link. A failed form post lands here with the visitor's
 * values in the URL fragment; passing the fragment on lets the contact form refill itself.
 * Values too long for the URL were left out (functions/contact/handle.ts): it says which.
 */
export function RetryLink(props: RetryLinkProps) {
  const [href, setHref] = useState(props.href);
  const [dropped, setDropped] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an island's props never change after hydration; this runs once
  useEffect(() => {
    if (location.hash.length > 1) setHref(`${props.href.split('#')[0]}${location.hash}`);
    const names = new URLSearchParams(location.hash.slice(1)).get(droppedParam)?.split(',') ?? [];
    setDropped(contactFields.filter((f) => names.includes(f)).map((f) => props.labels[f]));
  }, []);
  return (
    <>
      {dropped.length > 0 && <p className="w-full text-slate-700">{props.dropped.replace('{fields}', dropped.join(', '))}</p>}
      <a href={href} className={props.className}>
        {props.label}
      </a>
    </>
  );
}
