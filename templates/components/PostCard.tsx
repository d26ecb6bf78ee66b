import { categoryOf } from '../../cli/site/blog.ts';
import type { Post } from '../../cli/site/model.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { Illustration } from './Illustration.tsx';
import { TeaserCard } from './TeaserCard.tsx';

/** A post as a card of a list: its illustration, its category (a link to the category's page), date, title and excerpt. */
export function PostCard({ post, heading, alone }: { post: Post; heading?: 'h2' | 'h3'; alone?: boolean }) {
  const { model, t, href } = usePage();
  return (
    <TeaserCard
      picture={<Illustration image={model.images.get(post.image)!} lazy className="h-auto w-full bg-sea-50" />}
      tag={categoryOf(t, post.category).name}
      tagHref={href(routeKey.blogPage(post.category))}
      date={post.date}
      title={post.title}
      summary={post.excerpt}
      href={href(routeKey.post(post))}
      readMore={t.blog.readMore}
      heading={heading}
      alone={alone}
    />
  );
}
