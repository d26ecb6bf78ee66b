import { categoryOf } from '../../cli/site/blog.ts';
import type { Post as PostData } from '../../cli/site/model.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { Illustration } from '../components/Illustration.tsx';
import { usePage } from '../context.tsx';
import { BackLink, Breadcrumb, breadcrumbJsonLd } from '../components/Breadcrumb.tsx';
import { ArrowLeft, ArrowRight } from '../components/icons.tsx';
import { LocalityLinks } from '../components/LocalityLinks.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { Tag } from '../components/TeaserCard.tsx';
import { CallButton, Container, gridColumns, measure } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';
import { formatDate } from './dates.ts';

export function Post() {
  const { route, routes, model, t, lang, href, absolute } = usePage();
  if (route.family !== 'post') throw new Error(`Post page rendered for a ${route.family} route`);
  const { post } = route;
  const service = model.services.find((s) => s.key === post.service)!;
  // A language may lack the service, or its pages in a town: those are left out, not linked elsewhere.
  const serviceText = service[lang];
  const localities = post.localities
    .map((slug) => model.localities.find((l) => l.slug === slug)!)
    .filter((l) => routes.find(routeKey.serviceLocality(service, l), lang));
  const img = model.images.get(post.image)!;
  const category = { ...categoryOf(t, post.category), path: href(routeKey.blogPage(post.category)) };
  const trail = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: t.nav.blog, path: href(routeKey.blog()) },
    { label: category.name, path: category.path },
    { label: post.title, path: route.path },
  ];
  const article = {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    inLanguage: lang,
    articleSection: category.name,
    image: absolute(`/images/${img.name}`),
    mainEntityOfPage: absolute(route.path),
    author: { '@type': 'Organization', name: model.site.brand, url: absolute(href(routeKey.about())) },
    publisher: { '@type': 'Organization', name: model.site.brand, logo: { '@type': 'ImageObject', url: absolute('/images/icon-512.png') } },
  };
  return (
    <>
      <Seo title={post.title} description={post.excerpt} type="article" jsonLd={[article, breadcrumbJsonLd(trail, absolute)]} />
      <Breadcrumb trail={trail} />
      <article>
        <Container width="text" className="py-10 sm:py-14">
          <BackLink href={href(routeKey.blog())}>{t.blog.back}</BackLink>
          <p className="mt-6 flex flex-wrap items-center gap-3 text-sm">
            <Tag href={category.path}>{category.name}</Tag>
            <time dateTime={post.date} className="text-slate-600">
              {formatDate(post.date, t)}
            </time>
          </p>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-sea-900 sm:text-4xl">{post.title}</h1>
          <p className={`mt-4 text-lg text-slate-700 ${measure}`}>{post.excerpt}</p>
          <Illustration image={img} alt={post.imageAlt} className="mt-8 h-auto w-full rounded-2xl bg-sea-50" />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the build rendered from the site's own Markdown */}
          <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
          <aside aria-labelledby="related-heading" className="mt-12 rounded-2xl bg-sea-50 p-6 ring-1 ring-sea-100">
            <h2 id="related-heading" className="text-xl font-bold text-sea-900">
              {t.blog.relatedHeading}
            </h2>
            <p className="mt-2 text-slate-700">{t.blog.relatedText}</p>
            {serviceText && (
              <p className="mt-4">
                <a href={href(routeKey.service(service))} className="font-semibold text-sea-700 underline underline-offset-2">
                  {serviceText.title}
                </a>
              </p>
            )}
            <div className="mt-4">
              <LocalityLinks localities={localities} href={(l) => href(routeKey.serviceLocality(service, l))} />
            </div>
            <div className="mt-6">
              <CallButton />
            </div>
          </aside>
          <Neighbours older={route.older} newer={route.newer} />
        </Container>
      </article>
      {route.related.length > 0 && (
        <section aria-labelledby="related-posts-heading" className="bg-sea-50 py-14 sm:py-20">
          <Container>
            <h2 id="related-posts-heading" className="text-2xl font-bold tracking-tight text-sea-900 sm:text-3xl">
              {t.blog.relatedPostsHeading}
            </h2>
            <ul className={`mt-8 grid gap-6 ${gridColumns(route.related.length, 3)}`}>
              {route.related.map((p) => (
                <li key={p.slug}>
                  <PostCard post={p} heading="h3" alone={route.related.length === 1} />
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}
    </>
  );
}

/** Links to the post published before this one and the one after it, each by its title. */
function Neighbours({ older, newer }: { older?: PostData; newer?: PostData }) {
  const { t, href } = usePage();
  if (!older && !newer) return null;
  const link = (post: PostData, label: string, side: 'older' | 'newer') => (
    <a
      href={href(routeKey.post(post))}
      className={`flex h-full flex-col gap-1 rounded-2xl p-4 ring-1 ring-slate-200 hover:bg-sea-50 ${side === 'newer' ? 'sm:items-end sm:text-right' : ''}`}
    >
      <span className="inline-flex items-center gap-2 text-sm font-semibold text-slate-600">
        {side === 'older' && <ArrowLeft className="size-4" />}
        {label}
        {side === 'newer' && <ArrowRight className="size-4" />}
      </span>
      <span className="font-semibold text-sea-700 underline underline-offset-2">{post.title}</span>
    </a>
  );
  return (
    <nav aria-label={t.blog.postNav.label} className="mt-10">
      <ul className={`grid gap-4 ${older && newer ? 'sm:grid-cols-2' : ''}`}>
        {older && <li>{link(older, t.blog.postNav.older, 'older')}</li>}
        {newer && <li>{link(newer, t.blog.postNav.newer, 'newer')}</li>}
      </ul>
    </nav>
  );
}
