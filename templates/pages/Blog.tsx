import { routeKey } from '../../cli/site/routes.ts';
import { Illustration } from '../components/Illustration.tsx';
import { usePage } from '../context.tsx';
import { TeaserCard } from '../components/TeaserCard.tsx';
import { Container, gridColumns, Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

export function Blog() {
  const { model, t, lang, href } = usePage();
  return (
    <>
      <Seo title={t.blog.seo.title} description={t.blog.seo.description} keywords={t.blog.seo.keywords} pageType="CollectionPage" />
      <Hero content={t.blog.hero} />
      <div className="bg-sea-50 py-14 sm:py-20">
        <Container>
          <ul className={`grid gap-6 ${gridColumns(model.posts[lang].length, 3)}`}>
            {model.posts[lang].map((post) => {
              const img = model.images.get(post.image)!;
              return (
                <li key={post.slug}>
                  <TeaserCard
                    picture={<Illustration image={img} lazy className="h-auto w-full bg-sea-50" />}
                    tag={post.category}
                    date={post.date}
                    title={post.title}
                    summary={post.excerpt}
                    href={href(routeKey.post(post))}
                    readMore={t.blog.readMore}
                    alone={model.posts[lang].length === 1}
                  />
                </li>
              );
            })}
          </ul>
        </Container>
      </div>
    </>
  );
}
