import { digest } from '../../support/files.cjs';
import type { LegalPage, Post, SiteModel } from '../../site/model.ts';
import { isListing, listedPosts, type Route, type RouteMap } from '../../site/routes.ts';
import type { Lang } from '../../site/lang.ts';
import { sourceOf } from '../load/page-sources.ts';

/**
 * Dependency tracking for incremental builds. A page is rendered against proxies of the model
 * and the route map that record which parts it read: an entity (one service, one locality, one
 * post…), a list (the services, in order), or a route's path. Each such key has a hash; a page
 * whose keys all keep their hashes renders the same bytes and need not be rendered again.
 */
export type DependencyKeys = Set<string>;

/** What pages ask of the index's tables. */
type Lookup<K, V> = ReadonlyMap<K, V>;

export interface Entities {
  /** Key of every trackable object of the model. */
  keyOf: Lookup<object, string>;
  /**
   * Entities whose `slug` is part of their key: reading it (to find one locality among all, say)
   * depends only on the list, whose hash holds the keys, not on the entity's content.
   */
  sluggedKeys: Lookup<object, true>;
  /**
   * Entities tracked field by field (site, strings, services, localities, air conditioning), and
   * their language blocks: a page reading a service's menu title does not depend on its hero text,
   * nor one naming a locality on its description.
   */
  fieldKeyOf: Lookup<object, string>;
  /**
   * Posts and legal texts: reading their `html` records `<key>.body`, any other field the entity
   * key, so that editing a post's text leaves the blog index alone.
   */
  bodyKeyOf: Lookup<object, string>;
  /** Current hash of every key, entities, lists and routes alike. */
  hashes: Lookup<string, string>;
}

/**
 * The hash of each model object hashed so far. Loaded content is never changed, and in a dev
 * session an unchanged file gives the same objects build after build (the texts per locality are
 * a megabyte): each is hashed once.
 */
const objectHashes = new WeakMap<object, string>();
const hashOnce = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return digest(value);
  let hash = objectHashes.get(value);
  if (hash === undefined) objectHashes.set(value, (hash = digest(value)));
  return hash;
};

const postKey = (lang: Lang, slug: string) => `post:${lang}:${slug}`;
const bodyKey = (key: string) => `${key}.body`;

/** Keys and hashes of everything a page can read; `hashes: false` leaves the hashes out. */
export function indexModel(model: SiteModel, routes: RouteMap, options = { hashes: true }): Entities {
  const keyOf = new Map<object, string>();
  const sluggedKeys = new Map<object, true>();
  const hashes = new Map<string, string>();
  const hashOf = options.hashes ? digest : () => '';
  const hashModel = options.hashes ? hashOnce : () => '';
  const entity = (object: object, key: string, hash = hashModel(object)) => {
    keyOf.set(object, key);
    hashes.set(key, hash);
  };
  const fieldKeyOf = new Map<object, string>();
  const languages = model.site.languages;
  // Hashes every field, and every field of the language blocks, besides the whole entity.
  const document = (object: object, key: string) => {
    entity(object, key);
    fieldKeyOf.set(object, key);
    for (const [field, value] of Object.entries(object)) {
      hashes.set(`${key}.${field}`, hashModel(value));
      if (!languages.includes(field) || typeof value !== 'object' || !value) continue;
      fieldKeyOf.set(value, `${key}.${field}`);
      for (const [inner, innerValue] of Object.entries(value)) hashes.set(`${key}.${field}.${inner}`, hashModel(innerValue));
    }
  };
  const list = (array: object[], key: string) => {
    keyOf.set(array, key);
    hashes.set(key, hashOf(array.map((item) => keyOf.get(item))));
  };
  document(model.site, 'site');
  document(model.airConditioning, 'air-conditioning');
  for (const [lang, strings] of Object.entries(model.strings)) document(strings, `strings:${lang}`);
  model.services.forEach((s) => document(s, `service:${s.key}`));
  model.localities.forEach((l) => document(l, `locality:${l.slug}`));
  for (const l of model.localities) sluggedKeys.set(l, true);
  list(model.services, 'services');
  list(model.localities, 'localities');
  // One entity per locality text; each family's record is keyed by the localities it has, so a page
  // that found no text for its locality renders again when one is added.
  for (const [family, texts] of Object.entries(model.localTexts)) {
    for (const [slug, text] of Object.entries(texts)) entity(text, `local:${family}:${slug}`);
    keyOf.set(texts, `local:${family}`);
    hashes.set(`local:${family}`, hashOf(Object.keys(texts)));
  }
  hashes.set('local', hashOf(Object.keys(model.localTexts)));
  keyOf.set(model.localTexts, 'local');
  const bodyKeyOf = new Map<object, string>();
  const markdownPage = (page: Post | LegalPage, key: string) => {
    const source = options.hashes ? sourceOf(page) : undefined;
    entity(page, key, source?.frontMatterHash ?? '');
    // The body is made from the source (its HTML too, with the tool version in every page's base).
    bodyKeyOf.set(page, bodyKey(key));
    hashes.set(bodyKey(key), source?.hash ?? '');
  };
  for (const [lang, posts] of Object.entries(model.posts)) {
    posts.forEach((p) => markdownPage(p, postKey(lang, p.slug)));
    list(posts, `posts:${lang}`);
  }
  for (const [lang, legal] of Object.entries(model.legal)) {
    legal.forEach((p) => markdownPage(p, `legal:${lang}:${p.slug}`));
    list(legal, `legal:${lang}`);
  }
  // Jobs and reviews change rarely, and every page that shows some filters them all: one key each.
  entity(model.projects, 'projects');
  for (const p of model.projects) entity(p, `project:${p.key}`);
  entity(model.reviews, 'reviews');
  // What pages show of a photo; its variants' names change with its bytes.
  hashes.set('photos', hashOf([...model.photos.values()].map(({ name, width, height, variants }) => [name, width, height, variants])));
  for (const image of model.images.values()) hashes.set(`image:${image.name}`, hashOf([image.width, image.height]));
  hashes.set('images', hashOf([...model.images.keys()]));
  // Not through routeKeyOf's table: a dev session makes a new route map, and so new routes, each rebuild.
  for (const route of routes.routes) hashes.set(routeDependency(route), route.path);
  // What the route map chose for a page of the blog (a list's cards and the pages beside it, a post's
  // neighbours and related posts), which the page reads through its route: a key apart from the
  // path, so that a new post renders the pages that show it, not every page that links to the blog.
  for (const route of routes.routes)
    if (choosesPosts(route))
      hashes.set(
        listedDependency(route),
        hashOf([
          isListing(route) ? [route.newer ?? -1, route.older ?? -1] : 0,
          ...listedPosts(route).map((p) => hashes.get(keyOf.get(p)!)),
        ]),
      );
  const families = new Map<string, string[]>();
  for (const route of routes.routes) {
    for (const group of [`routes:${route.family}:${route.lang}`, `routes:${route.family}:*`, 'routes:*']) {
      if (!families.has(group)) families.set(group, []);
      families.get(group)!.push(route.path);
    }
  }
  for (const [group, paths] of families) hashes.set(group, hashOf(paths));
  for (const pages of [...Object.values(model.posts), ...Object.values(model.legal)]) for (const p of pages) sluggedKeys.set(p, true);
  return { keyOf, sluggedKeys, fieldKeyOf, bodyKeyOf, hashes };
}

/**
 * Each dependency key a page read, made once for all pages: a page reads hundreds of fields and
 * routes, and a new string each time must also be hashed again by the set it is added to.
 */
const fieldKeys = new Map<string, Map<string, string>>();
const fieldKey = (key: string, field: string): string => {
  let ofKey = fieldKeys.get(key);
  if (!ofKey) fieldKeys.set(key, (ofKey = new Map()));
  let full = ofKey.get(field);
  if (full === undefined) ofKey.set(field, (full = `${key}.${field}`));
  return full;
};
/** The key of a route's path. */
const routeDependency = (route: Route) => `route:${route.key}:${route.lang}`;
const routeKeys = new WeakMap<Route, string>();
const routeKeyOf = (route: Route): string => {
  let key = routeKeys.get(route);
  if (key === undefined) routeKeys.set(route, (key = routeDependency(route)));
  return key;
};
/** The pages the route map chooses posts for, and the key of what it chose. */
const choosesPosts = (route: Route) => isListing(route) || route.family === 'post';
const listedDependency = (route: Route) => `${routeDependency(route)}.listed`;
const listedKeys = new WeakMap<Route, string>();
const listedKeyOf = (route: Route): string => {
  let key = listedKeys.get(route);
  if (key === undefined) listedKeys.set(route, (key = listedDependency(route)));
  return key;
};
/** What makes a route the page it is, fixed with its key: reading it is reading where the page is, not what it shows. */
const routeIdentity = new Set<PropertyKey>(['key', 'lang', 'path', 'indexable', 'family', 'page', 'category']);

/** Where reads are recorded while a page or file is made from the model (`during`). */
type Sink = Pick<DependencyKeys, 'add'>;

/** Reads outside `during`, which no page would be credited with: a dependency lost, so they fail. */
const outside: Sink = {
  add: () => {
    throw new Error('the model was read outside a page or file being made (tracker.during): nothing would depend on it');
  },
};

/**
 * The model and the route map wrapped so that every read records its key, made once for every page
 * of a build: each read goes to the page being made (`during`). Nested values of an entity are
 * returned as they are: reading any part of an entity depends on the whole entity, except for
 * field-tracked entities and the bodies of Markdown pages, whose `html` is a key of its own.
 * Made anew for each page, the proxies took ~20-40 µs more of a bench post page's ~280 (rendered
 * warm, alternating with this).
 */
export function tracker(model: SiteModel, routes: RouteMap, { keyOf, sluggedKeys, fieldKeyOf, bodyKeyOf }: Entities) {
  let sink = outside;
  const proxies = new WeakMap<object, object>();
  // Objects that only hold entities: reading them depends on nothing by itself.
  const containers = new Set<object>([model, model.posts, model.legal, model.strings]);
  // A field-tracked entity or language block: a read records the field it reads.
  const fields = <T extends object>(target: T, key: string): T =>
    new Proxy(target, {
      get(object, prop, receiver) {
        const value = Reflect.get(object, prop, receiver);
        if (typeof prop !== 'string' || (prop === 'slug' && sluggedKeys.has(object))) return value;
        if (fieldKeyOf.has(value as object)) return wrap(value);
        sink.add(fieldKey(key, prop));
        return value;
      },
      has: (object, prop) => (sink.add(key), Reflect.has(object, prop)),
      ownKeys: (object) => (sink.add(key), Reflect.ownKeys(object)),
      getOwnPropertyDescriptor: (object, prop) => (sink.add(key), Reflect.getOwnPropertyDescriptor(object, prop)),
    });
  const images = new Proxy(model.images, {
    get(target, prop) {
      if (prop === 'get') return (name: string) => (sink.add(`image:${name}`), target.get(name));
      sink.add('images');
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const wrap = <T>(value: T): T => {
    if (value === null || typeof value !== 'object') return value;
    let proxy = proxies.get(value);
    if (proxy) return proxy as T;
    if (fieldKeyOf.has(value)) {
      proxies.set(value, (proxy = fields(value, fieldKeyOf.get(value)!)));
      return proxy as T;
    }
    const key = keyOf.get(value);
    if (!key && !containers.has(value)) return value;
    const touch = () => key && sink.add(key);
    proxy = new Proxy(value, {
      get(target, prop, receiver) {
        if (prop === 'slug' && sluggedKeys.has(target)) return Reflect.get(target, prop, receiver);
        if (prop === 'html' && bodyKeyOf.has(target)) return sink.add(bodyKeyOf.get(target)!), Reflect.get(target, prop, receiver);
        touch();
        if (prop === 'images' && (target as object) === model) return images;
        if (prop === 'photos' && (target as object) === model) return sink.add('photos'), model.photos;
        return wrap(Reflect.get(target, prop, receiver));
      },
      has: (target, prop) => (touch(), Reflect.has(target, prop)),
      ownKeys: (target) => (touch(), Reflect.ownKeys(target)),
      getOwnPropertyDescriptor: (target, prop) => (touch(), Reflect.getOwnPropertyDescriptor(target, prop)),
    });
    proxies.set(value, proxy);
    return proxy as T;
  };
  // One proxy per route: a page links to some routes thousands of times (the blog index).
  const routeProxies = new Map<Route, Route>();
  const trackRoute = <R extends Route | undefined>(r: R): R => {
    if (!r) return r;
    sink.add(routeKeyOf(r));
    let proxy = routeProxies.get(r);
    if (!proxy) {
      const listed = choosesPosts(r) ? listedKeyOf(r) : undefined;
      const get = (target: Route, prop: PropertyKey) => {
        if (listed && !routeIdentity.has(prop)) sink.add(listed);
        return wrap(Reflect.get(target, prop));
      };
      routeProxies.set(r, (proxy = new Proxy(r, { get })));
    }
    return proxy as R;
  };
  // Whether a page exists in a language: the key of that page, whose hash is its path once it does.
  const find = (key: string, lang: Route['lang']) => {
    const route = routes.find(key, lang);
    if (!route) sink.add(`route:${key}:${lang}`);
    return route && trackRoute(route);
  };
  const methods = {
    get: (key: string, lang: Route['lang']) => trackRoute(routes.get(key, lang)),
    href: (key: string, lang: Route['lang']) => trackRoute(routes.get(key, lang)).path,
    find,
    counterparts: (r: Route) => {
      for (const lang of routes.languages) find(r.key, lang);
      return routes.counterparts(r).map(trackRoute);
    },
    alternates: (r: Route) => {
      for (const lang of routes.languages) find(r.key, lang);
      return routes.alternates(r);
    },
    byFamily: (family: Route['family'], lang?: Route['lang']) => {
      sink.add(`routes:${family}:${lang ?? '*'}`);
      return routes.byFamily(family, lang).map(trackRoute);
    },
  };
  const trackedRoutes = new Proxy(routes, {
    get(target, prop) {
      if (Object.hasOwn(methods, prop)) return methods[prop as keyof typeof methods];
      // The site's languages are site.yaml's, not the map's pages.
      if (prop === 'languages') {
        sink.add('site.languages');
        return target.languages;
      }
      sink.add('routes:*');
      // Each route of the whole list is tracked too: the sitemap reads their posts' dates.
      if (prop === 'routes') return target.routes.map(trackRoute);
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const trackedModel = wrap(model);
  return {
    /** The model, route map and route (none for another file made from the model) as a page reads them. */
    page: <R extends Route | undefined>(route: R) => ({ model: trackedModel, routes: trackedRoutes, route: trackRoute(route) }),
    /** Runs `make`, recording what it reads in `read`. */
    during<T>(read: DependencyKeys, make: () => T): T {
      const outer = sink;
      sink = read;
      try {
        return make();
      } finally {
        sink = outer;
      }
    },
  };
}
