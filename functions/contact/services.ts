// Written by the build from content/services (cli/engine/write/contact-services.ts): edit those files, not this one.
import type { Lang } from '../../cli/site/lang.ts';

/** The services the contact form offers: the Spanish slug it posts, and the title in each language. */
// biome-ignore format: one service a line, as written
export const services: readonly { slug: string; title: Record<Lang, string> }[] = [
  { slug: "electricistas", title: { es: "Electricistas", en: "Electricians" } },
  { slug: "fontaneros", title: { es: "Fontaneros", en: "Plumbers" } },
  { slug: "pintores", title: { es: "Pintores", en: "Painters" } },
  { slug: "jardineros", title: { es: "Jardineros", en: "Gardeners" } },
  { slug: "piscinas", title: { es: "Piscinas", en: "Pool maintenance" } },
  { slug: "excavaciones", title: { es: "Excavaciones", en: "Excavations" } },
  { slug: "reformas", title: { es: "Reformas", en: "Renovations" } },
  { slug: "placas-solares", title: { es: "Placas solares", en: "Solar panels" } },
];
