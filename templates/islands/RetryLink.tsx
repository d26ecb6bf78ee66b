import { useEffect, useState } from 'react';

export interface RetryLinkProps {
  href: string;
  label: string;
  className: string;
}

/**
 * The send-error page's "try again" link. A failed form post lands here with the visitor's
 * values in the URL fragment; passing the fragment on lets the contact form refill itself.
 */
export function RetryLink(props: RetryLinkProps) {
  const [href, setHref] = useState(props.href);
  useEffect(() => {
    if (location.hash.length > 1) setHref(`${props.href.split('#')[0]}${location.hash}`);
  }, []);
  return (
    <a href={href} className={props.className}>
      {props.label}
    </a>
  );
}
