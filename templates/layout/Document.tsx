import { feedPath, manifestPath } from '../../cli/site/urls.ts';
import { isListing, listingPageKey, routeKey } from '../../cli/site/routes.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { usePage } from '../context.tsx';
import { CookieConsent } from '../islands/CookieConsent.tsx';
import { Header } from '../islands/Header.tsx';
import { Island } from '../islands/Island.tsx';
import { pages } from '../pages/index.tsx';
import { Footer } from './Footer.tsx';
import { Shared } from './Shared.tsx';
import { legalPagesFor } from '../components/derived.ts';

/** The whole HTML document of one route: head, header, the page family's body, footer. */
export function Document() {
  const page = usePage();
  const { route, routes, t, lang, href, absolute, assets } = page;
  const Page = pages[route.family];
  // A page of a list of posts names the pages before and after it: of newer posts, and of older.
  const listed = isListing(route) ? route : undefined;
  const beside = (page: number | undefined) => (listed && page !== undefined ? absolute(href(listingPageKey(listed, page))) : undefined);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={assets.css} />
        <HeadLinks
          indexable={route.indexable}
          addresses={{
            canonical: absolute(route.path),
            languages: routes.alternates(route).map((a) => ({ hreflang: a.hreflang, href: absolute(a.path) })),
            prev: listed && beside(listed.newer),
            next: listed && beside(listed.older),
          }}
        />
        <script type="module" src={assets.js} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-sea-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t.skipToContent}
        </a>
        <Header />
        <main id="main" className="flex-1">
          <Page />
        </main>
        <Shared name="footer">
          <Footer />
        </Shared>
        <Shared name="cookie-banner">
          <CookieBanner />
        </Shared>
      </body>
    </html>
  );
}

/** The cookie banner and its dialog, in the page's language: at the end of every page. */
function CookieBanner() {
  const { model, t, lang, href, routes } = usePage();
  const cookiePolicy = legalPagesFor(routes, lang).find((r) => r.key === routeKey.cookiePolicy());
  return (
    <Island
      name="CookieConsent"
      component={CookieConsent}
      props={{
        title: t.cookie.title,
        text: t.cookie.text,
        policy: { href: cookiePolicy?.path ?? href(routeKey.home()), label: t.cookie.policyLink },
        accept: t.cookie.accept,
        reject: t.cookie.reject,
        configure: t.cookie.configure,
        dialog: {
          title: t.cookie.dialogTitle,
          text: t.cookie.dialogText,
          necessary: t.cookie.necessary,
          necessaryDescription: t.cookie.necessaryDescription,
          analytics: t.cookie.analytics,
          analyticsDescription: t.cookie.analyticsDescription,
          rejectAll: t.cookie.rejectAll,
          save: t.cookie.save,
          close: t.cookie.close,
        },
        analyticsSrc: model.site.analytics?.src,
      }}
    />
  );
}

/** The head's links and theme colour; with `indexable`, the page's canonical address and its languages'. */
function HeadLinks({
  indexable,
  addresses,
}: {
  indexable: boolean;
  addresses: { canonical: string; languages: { hreflang: string; href: string }[]; prev?: string; next?: string };
}) {
  const { model, t, lang, routes } = usePage();
  return (
    <>
      <meta name="theme-color" content="#0b4f7c" />
      <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/images/apple-touch-icon.png" />
      <link rel="manifest" href={manifestPath(routes.languages, lang)} />
      <link
        rel="alternate"
        type="application/atom+xml"
        title={fill(t.blog.feedTitle, { brand: model.site.brand })}
        href={feedPath(routes.languages, lang)}
      />
      {indexable ? (
        <>
          <link rel="canonical" href={addresses.canonical} />
          {addresses.languages.map((a) => (
            <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
          ))}
          {addresses.prev && <link rel="prev" href={addresses.prev} />}
          {addresses.next && <link rel="next" href={addresses.next} />}
        </>
      ) : (
        <meta name="robots" content="noindex" />
      )}
    </>
  );
}
