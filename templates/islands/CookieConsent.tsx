export interface CookieConsentProps {
  title: string;
  text: string;
  policy: { href: string; label: string };
  accept: string;
  reject: string;
  configure: string;
}

/**
 * The consent banner. The server renders it hidden: only the browser knows whether a choice is
 * stored, and without JavaScript nothing optional ever loads, so there is nothing to consent to.
 */
export function CookieConsent(props: CookieConsentProps) {
  return (
    <section
      aria-labelledby="cookie-title"
      hidden
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgba(0,0,0,0.12)] sm:p-6"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="max-w-3xl">
          <h2 id="cookie-title" className="text-lg font-bold text-sea-900">
            {props.title}
          </h2>
          <p className="mt-1 text-slate-700">
            {props.text}{' '}
            <a href={props.policy.href} className="font-medium text-sea-700 underline">
              {props.policy.label}
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="min-h-11 rounded-full bg-sea-800 px-5 font-semibold text-white hover:bg-sea-900">
            {props.reject}
          </button>
          <button type="button" className="min-h-11 rounded-full bg-sea-800 px-5 font-semibold text-white hover:bg-sea-900">
            {props.accept}
          </button>
          <button type="button" className="min-h-11 rounded-full px-5 font-semibold text-sea-800 ring-1 ring-sea-200 hover:bg-sea-50">
            {props.configure}
          </button>
        </div>
      </div>
    </section>
  );
}
