import { categoryOf } from '../../cli/site/blog.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { isListing, routeKey } from '../../cli/site/routes.ts';
import { Breadcrumb, breadcrumbJsonLd, type Crumb } from '../components/Breadcrumb.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { usePage } from '../context.tsx';
import { Container, gridColumns, Hero } from '../components/ui.tsx';
import { Seo } from '../layout/Seo.tsx';

/** A page of the blog index, or of a category's posts: its cards, the categories, and the links to its other pages. */
export function Blog() {
  const { route, t, lang, href, absolute } = usePage();
  if (!isListing(route)) throw new Error(`Blog page rendered for a ${route.family} route`);
  const category = 'category' in route ? categoryOf(t, route.category) : undefined;
  // A numbered page says its number, counted from the oldest posts: it keeps it as posts are added.
  const numbered = (title: string) => (route.page > 0 ? fill(t.blog.pageTitle, { title, page: route.page }) : title);
  const hero = category ? { ...t.blog.hero, title: category.name, description: category.description } : t.blog.hero;
  const trail: Crumb[] = [
    { label: t.breadcrumb.home, path: href(routeKey.home()) },
    { label: t.nav.blog, path: href(routeKey.blog()) },
    ...(category ? [{ label: category.name, path: href(routeKey.blogPage(category.key)) }] : []),
    ...(route.page > 0 ? [{ label: fill(t.blog.pagination.page, { page: route.page }), path: route.path }] : []),
  ];
  // The first page of the blog is the top of its trail: it shows none.
  const crumbs = trail.length > 2 ? trail : undefined;
  const title = numbered(category ? fill(t.blog.categoryTitle, { category: category.name }) : t.blog.seo.title);
  const description = category?.description ?? t.blog.seo.description;
  const collection = { '@type': 'CollectionPage', name: title, description, url: absolute(route.path), inLanguage: lang };
  return (
    <>
      <Seo
        title={title}
        description={description}
        keywords={category ? [] : t.blog.seo.keywords}
        pageType="CollectionPage"
        jsonLd={crumbs && [collection, breadcrumbJsonLd(crumbs, absolute)]}
      />
      {crumbs && <Breadcrumb trail={crumbs} />}
      {route.page === 0 ? (
        <Hero content={hero} />
      ) : (
        // A numbered page says which it is and leaves the introduction to the first: its posts start on the first screen.
        <section className="bg-sea-900 text-white">
          <Container className="py-8 sm:py-10">
            <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-4xl">{numbered(hero.title)}</h1>
          </Container>
        </section>
      )}
      <div className="bg-sea-50 py-14 sm:py-20">
        <Container>
          <Categories current={category?.key} />
          <ul className={`mt-10 grid gap-6 ${gridColumns(route.posts.length, 3)}`}>
            {route.posts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} alone={route.posts.length === 1} />
              </li>
            ))}
          </ul>
          <Pagination route={route} />
        </Container>
      </div>
    </>
  );
}

/** Links to the whole blog and to each category that has posts, the one shown marked. */
function Categories({ current }: { current?: string }) {
  // "true", not "page": the page may be a numbered one of the category, and its number is the page.
  // Their first pages alone (a family of their own): the list changes only with a category's first post or its last.
  const { routes, t, lang, href } = usePage();
  const pages = routes.byFamily('blog-category', lang);
  if (pages.length < 2) return null;
  const links = [
    { key: '', label: t.blog.allPosts, path: href(routeKey.blog()) },
    ...pages.map((r) => ({ key: r.category, label: categoryOf(t, r.category).name, path: r.path })),
  ];
  return (
    <nav aria-label={t.blog.categoriesLabel}>
      {/* One row that scrolls sideways on a phone, where wrapped they took a screen's third. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:p-0">
        {links.map((link) => {
          const shown = link.key === (current ?? '');
          return (
            <li key={link.key} className="shrink-0">
              <a
                href={link.path}
                aria-current={shown ? 'true' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ${
                  shown ? 'bg-sea-800 text-white ring-sea-800' : 'bg-white text-sea-700 ring-sea-200 hover:bg-sea-50 hover:underline'
                }`}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
