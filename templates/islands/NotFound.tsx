import { useEffect, useState } from 'react';

export interface NotFoundProps {
  generic: { title: string; text: string };
  /** The wording for a path under a service: the service or locality does not exist. */
  service: { title: string; text: string };
  /** First path segments that are services in this page's language, e.g. "fontaneros". */
  serviceSlugs: string[];
  /** The language's URL prefix, "en" for /en/…; none for the first language. */
  prefix?: string;
}

/** The 404 message. One static page serves every missing path, so the path is read here. */
export function NotFound(props: NotFoundProps) {
  const [underService, setUnderService] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an island's props never change after hydration; this runs once
  useEffect(() => {
    console.error(`404 Not Found: ${location.pathname}`);
    const [first, second] = location.pathname.split('/').filter(Boolean);
    setUnderService(props.serviceSlugs.includes((props.prefix && first === props.prefix ? second : first) ?? ''));
  }, []);
  const text = underService ? props.service : props.generic;
  return (
    <>
      <h1 className="mt-4 text-3xl font-extrabold text-sea-900">{text.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{text.text}</p>
    </>
  );
}
