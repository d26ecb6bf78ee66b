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
  post: ['/blog/mantenimiento-piscinas-verano', '/en/blog/summer-pool-maintenance-tips'],
  legal: ['/politica-privacidad', '/en/privacy-policy'],
  'not-found': ['/404', '/en/404'],
};

export const samplePaths = Object.values(familySamples).flat();

/** The pages the worked example adds (tests/fixtures/worked-example): jobs, and reviews where they show. */
export const workedExampleSamples: Record<string, [string, string]> = {
  project: ['/trabajos/renovacion-piscina-javea', '/en/projects/pool-renovation-javea'],
  projects: ['/trabajos', '/en/projects'],
  'home with jobs and reviews': ['/', '/en'],
  'service with jobs and reviews': ['/piscinas', '/en/pool-maintenance'],
  'service-locality with jobs and reviews': ['/piscinas/javea', '/en/pool-maintenance/javea'],
};

export const workedExamplePaths = Object.values(workedExampleSamples).flat();
