/** One page of each family, in both languages: the sample every quality gate checks. */
export const familySamples: Record<string, [string, string]> = {
  home: ['/', '/en'],
  service: ['/fontaneros', '/en/plumbers'],
  'air-conditioning': ['/electricistas/instalacion-aire-acondicionado', '/en/electricians/air-conditioning-installation'],
  'air-conditioning-locality': [
    '/electricistas/instalacion-aire-acondicionado/javea',
    '/en/electricians/air-conditioning-installation/javea',
  ],
  'service-locality': ['/placas-solares/callosa-den-sarria', '/en/solar-panels/callosa-den-sarria'],
  about: ['/empresa', '/en/about'],
  contact: ['/contacto', '/en/contact'],
  blog: ['/blog', '/en/blog'],
  'blog-category': ['/blog/categoria/piscinas', '/en/blog/category/pools'],
  post: ['/blog/mantenimiento-piscinas-verano', '/en/blog/summer-pool-maintenance-tips'],
  legal: ['/politica-privacidad', '/en/privacy-policy'],
  'not-found': ['/404', '/en/404'],
};

export const samplePaths = Object.values(familySamples).flat();

/** The pages the worked example adds (tests/fixtures/worked-example): jobs, reviews where they show, a blog of two pages. */
export const workedExampleSamples: Record<string, [string, string]> = {
  project: ['/trabajos/renovacion-piscina-javea', '/en/projects/pool-renovation-javea'],
  projects: ['/trabajos', '/en/projects'],
  /** One post a page: the blog's numbered page (1, the oldest post; /blog shows the newest), and a post with a neighbour on each side of it. */
  'blog-page': ['/blog/pagina/1', '/en/blog/page/1'],
  /** The pools category's numbered page: its older post. */
  'blog-category-page': ['/blog/categoria/piscinas/pagina/1', '/en/blog/category/pools/page/1'],
  'post with neighbours': ['/blog/piscina-en-verano', '/en/blog/summer-pool-care'],
  'home with jobs and reviews': ['/', '/en'],
  'service with jobs and reviews': ['/piscinas', '/en/pool-maintenance'],
  'service-locality with jobs and reviews': ['/piscinas/javea', '/en/pool-maintenance/javea'],
};

export const workedExamplePaths = Object.values(workedExampleSamples).flat();
