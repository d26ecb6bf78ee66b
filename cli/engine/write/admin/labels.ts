// What the editor calls the schemas' fields and choices, and what it says when a value does not fit:
// in Spanish, the company's language. A field without a label here shows its name.

const labels: Record<string, string> = {
  example: 'Dato de ejemplo (no se publica)',
  date: 'Fecha',
  updated: 'Actualizado el',
  service: 'Servicio',
  parent: 'Servicio del que cuelga',
  locality: 'Localidad',
  localities: 'Localidades',
  photos: 'Fotos',
  file: 'Foto',
  alt: 'Texto alternativo (qué se ve en la foto)',
  es: 'Español',
  en: 'Inglés',
  role: 'Papel en el antes y después',
  priceBand: 'Banda de precio (euros)',
  from: 'Desde',
  to: 'Hasta',
  aliases: 'Direcciones antiguas (redirigen aquí)',
  slug: 'Dirección (slug)',
  title: 'Título',
  summary: 'Resumen',
  body: 'Texto',
  duration: 'Duración',
  author: 'Autor (nombre e inicial)',
  rating: 'Puntuación',
  lang: 'Idioma del texto',
  text: 'Texto',
  translation: 'Traducción',
  source: 'Dónde lo dijo',
  url: 'Enlace',
  excerpt: 'Entradilla',
  category: 'Categoría',
  counterpart: 'La misma página en el otro idioma',
  image: 'Ilustración',
  imageAlt: 'Texto alternativo de la ilustración',
  description: 'Descripción',
  order: 'Orden',
  icon: 'Icono',
  menuDescription: 'Descripción en el menú',
  seo: 'Buscadores',
  keywords: 'Palabras clave',
  hero: 'Cabecera',
  badge: 'Etiqueta',
  servicios: 'Lista de trabajos',
  reasons: 'Motivos',
  sections: 'Secciones',
  heading: 'Título',
  items: 'Puntos',
  lists: 'Listas',
  cards: 'Tarjetas',
  gallery: 'Galería',
  photo: 'Foto',
  caption: 'Pie de foto',
  local: 'Textos de las páginas por localidad',
  seoTitle: 'Título para buscadores',
  seoDescription: 'Descripción para buscadores',
  heroDescription: 'Descripción de la cabecera',
  intro: 'Introducción',
  closing: 'Cierre',
  extras: 'Secciones extra por localidad',
  faq: 'Preguntas frecuentes',
  question: 'Pregunta',
  answer: 'Respuesta',
  name: 'Nombre',
  comarca: 'Comarca',
  geo: 'Coordenadas',
  lat: 'Latitud',
  lon: 'Longitud',
  context: 'Contexto ("en X, …")',
  brand: 'Marca',
  baseUrl: 'Dirección web del sitio',
  phone: 'Teléfono',
  display: 'Como se muestra',
  e164: 'En formato internacional',
  whatsapp: 'WhatsApp (solo cifras)',
  email: 'Correo electrónico',
  hours: 'Horario',
  opens: 'Abre',
  closes: 'Cierra',
  serviceArea: 'Zona de trabajo',
  foundingYear: 'Año de fundación',
  owner: 'Titular',
  nif: 'NIF',
  address: 'Dirección',
  registry: 'Registro Mercantil',
  googleProfile: 'Perfil de Google',
  reviewUrl: 'Enlace para dejar una reseña',
  sameAs: 'Otros perfiles',
  street: 'Calle y número',
  postalCode: 'Código postal',
  priceRange: 'Rango de precios',
  blog: 'Blog',
  pageSize: 'Artículos por página',
  categories: 'Categorías',
  key: 'Clave (la misma en cada idioma)',
  analytics: 'Analítica',
  src: 'Dirección del script',
  types: 'Tipos',
  features: 'Características',
  steps: 'Pasos',
  cta: 'Llamada a la acción',
  button: 'Botón',
  typesHeading: 'Título de los tipos',
  points: 'Puntos',
  values: 'Valores',
  homeSections: 'Secciones de la portada',
  processHeading: 'Título del proceso',
};

/** One item of a list, for Decap's "Añadir foto" and "1 foto" (it says "1 fotos" without). */
const singulars: Record<string, string> = {
  photos: 'Foto',
  gallery: 'Foto',
  aliases: 'Dirección antigua',
  // A job's and a service's old addresses, per language.
  es: 'Dirección antigua',
  en: 'Dirección antigua',
  keywords: 'Palabra clave',
  servicios: 'Trabajo',
  reasons: 'Motivo',
  sections: 'Sección',
  extras: 'Sección',
  homeSections: 'Sección',
  body: 'Párrafo',
  intro: 'Párrafo',
  items: 'Punto',
  points: 'Punto',
  lists: 'Lista',
  cards: 'Tarjeta',
  types: 'Tipo',
  features: 'Característica',
  steps: 'Paso',
  localities: 'Localidad',
  faq: 'Pregunta',
  sameAs: 'Perfil',
  values: 'Valor',
  categories: 'Categoría',
};

export const singularLabel = (name: string): string | undefined => singulars[name];

export function fieldLabel(name: string): string {
  return labels[name] ?? name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

const options: Record<string, Record<string, string>> = {
  role: { before: 'Antes', after: 'Después' },
  lang: { es: 'Español', en: 'Inglés' },
  source: { google: 'Google', facebook: 'Facebook', email: 'Correo electrónico', whatsapp: 'WhatsApp', 'in-person': 'En persona' },
};

export function optionLabel(field: string, value: string): string {
  return options[field]?.[value] ?? value;
}

/** Spanish messages for the schemas' patterns, by the regular expression's source or the check's format. */
const messages: Record<string, string> = {
  '^[a-z0-9]+(?:-[a-z0-9]+)*$': 'Solo minúsculas sin acentos, cifras y guiones, como «gata-de-gorgos».',
  '^[\\w-]+(?:\\/[\\w-]+)*\\.(?:jpe?g|png|webp|avif|heic|heif)$':
    'Tiene que ser una foto JPEG, PNG, WebP, AVIF o HEIC de content/photos/, como «reforma-javea.jpg».',
  '^[a-z0-9-]+\\.(svg|png|jpe?g|webp)$': 'Tiene que ser una imagen de content/images/.',
  '^\\+[1-9]\\d{6,14}$': 'Tiene que ser un número internacional, como +34600000000.',
  '^[1-9]\\d{6,14}$': 'Solo cifras, con el prefijo del país: 34600000000.',
  '^\\d\\d:\\d\\d$': 'Tiene que ser una hora como 09:00.',
  '^\\d{5}$': 'Tiene que ser un código postal de cinco cifras, como 03730.',
  "^\\p{Lu}[\\p{L}'-]+(?: (?:\\p{Ll}+ )*(?:\\p{Lu}\\.|\\p{Lu}[\\p{L}'-]+))+$":
    'Nombre y apellido o su inicial, con mayúscula, como «Ana G.» o «Carmen López».',
  '^\\/(?:[\\w./-]|%[0-9A-Fa-f]{2})*$': 'Tiene que ser una dirección del sitio que empiece por /, como /blog/entrada-antigua.',
  email: 'Tiene que ser un correo electrónico.',
  url: 'Tiene que ser una dirección web completa, como https://www.ejemplo.es.',
  https: 'Tiene que ser una dirección que empiece por https://.',
  date: 'Escriba la fecha como 2025-03-14 (año-mes-día).',
};

/** Under every date field: people write 20/11/2026, the site's files 2026-11-20. */
export const dateHint = 'Año, mes y día con guiones: el 20 de noviembre de 2026 es 2026-11-20.';

export function patternMessage(key: string): string {
  return messages[key] ?? 'No tiene el formato esperado.';
}
