import type { SiteModel } from '../../cli/site/model.ts';

/**
 * schema.org LocalBusiness for home and contact: phone, e-mail, localities served, hours, and the
 * profile fields site.yaml has. Never reviews or ratings: Google does not allow a business to
 * mark up what is said about itself on its own site.
 */
export function localBusiness(model: SiteModel, url: string): object {
  const { site } = model;
  const sameAs = [...(site.googleProfile ? [site.googleProfile] : []), ...(site.sameAs ?? [])];
  return {
    '@type': 'LocalBusiness',
    '@id': `${site.baseUrl}/#business`,
    name: site.brand,
    url,
    telephone: site.phone.e164,
    email: site.email,
    image: `${site.baseUrl}/images/og-image.png`,
    foundingDate: String(site.foundingYear),
    address: {
      '@type': 'PostalAddress',
      ...(site.address && {
        streetAddress: site.address.street,
        postalCode: site.address.postalCode,
        addressLocality: site.address.locality,
      }),
      addressRegion: 'Alicante',
      addressCountry: 'ES',
    },
    ...(site.geo && { geo: { '@type': 'GeoCoordinates', latitude: site.geo.lat, longitude: site.geo.lon } }),
    ...(sameAs.length > 0 && { sameAs }),
    ...(site.priceRange && { priceRange: site.priceRange }),
    areaServed: model.localities.map((l) => ({ '@type': 'City', name: l.name })),
    openingHours: `Mo-Fr ${site.hours.opens}-${site.hours.closes}`,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
  };
}

/** schema.org Service offered by the business, optionally in one locality. */
export function serviceJsonLd(model: SiteModel, name: string, description: string, url: string, area?: string): object {
  return {
    '@type': 'Service',
    name,
    description,
    url,
    provider: {
      '@type': 'LocalBusiness',
      '@id': `${model.site.baseUrl}/#business`,
      name: model.site.brand,
      telephone: model.site.phone.e164,
    },
    areaServed: area ? { '@type': 'City', name: area } : model.localities.map((l) => ({ '@type': 'City', name: l.name })),
  };
}
