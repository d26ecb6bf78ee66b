import { routeKey } from '../../cli/site/routes.ts';
import { Illustration } from '../components/Illustration.tsx';
import { usePage } from '../context.tsx';
import { Container, Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';
import { formatDate } from './dates.ts';

export function Blog() {
  const { model, t, lang, href } = usePage();
  return (
    <>
      <Seo title={t.blog.seo.title} description={t.blog.seo.description} keywords={t.blog.seo.keywords} pageType="CollectionPage" />
      <Hero content={t.blog.hero} />
      <div className="bg-sea-50 py-14 sm:py-20">
        <Container>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {model.posts[lang].map((post) => {
              const img = model.images.get(post.image)!;
              return (
                <li key={post.slug}>
                  <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                    <Illustration image={img} lazy className="h-auto w-full bg-sea-50" />
                    <div className="flex flex-1 flex-col p-6">
                      <p className="flex flex-wrap items-center gap-3 text-sm">
                        <span className="rounded-full bg-sand-100 px-3 py-0.5 font-semibold text-sea-900">{post.category}</span>
                        <time dateTime={post.date} className="text-slate-600">
                          {formatDate(post.date, lang)}
                        </time>
                      </p>
                      <h2 className="mt-3 text-xl font-bold text-sea-900">
                        <a href={href(routeKey.post(post))} className="hover:underline">
                          {post.title}
                        </a>
                      </h2>
                      <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
                      <a
                        href={href(routeKey.post(post))}
                        className="mt-4 font-semibold text-sea-700 underline underline-offset-2"
                        aria-label={`${t.blog.readMore}: ${post.title}`}
                      >
                        {t.blog.readMore}
                      </a>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </Container>
      </div>
    </>
  );
}
