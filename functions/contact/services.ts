// Written by the build from content/ (cli/engine/write/contact-services.ts): edit the content, not this file.
import type { ContactSite } from '../../cli/site/contact/fields.ts';

/** The site's languages, with where a plain form post lands and what it says, and the services the form offers. */
// biome-ignore format: written as JSON by the build
export const site: ContactSite = {
  "languages": [
    {
      "code": "es",
      "name": "español",
      "sent": "/mensaje-enviado",
      "failed": "/error-envio",
      "messages": {
        "nombre": "El nombre debe tener al menos 2 caracteres",
        "nombreLong": "El nombre no puede tener más de 100 caracteres",
        "nombreLine": "El nombre debe ir en una sola línea, sin tabuladores ni caracteres invisibles",
        "email": "Email inválido",
        "emailLong": "El email no puede tener más de 255 caracteres",
        "telefono": "Teléfono inválido",
        "telefonoLong": "El teléfono no puede tener más de 20 caracteres",
        "servicio": "Selecciona un servicio",
        "servicioList": "Selecciona un servicio de la lista",
        "localidad": "La localidad es requerida",
        "localidadLong": "La localidad no puede tener más de 100 caracteres",
        "localidadLine": "La localidad debe ir en una sola línea, sin tabuladores ni caracteres invisibles",
        "mensaje": "El mensaje debe tener al menos 10 caracteres",
        "mensajeLong": "El mensaje no puede tener más de 1000 caracteres",
        "website": "Deja este campo vacío"
      }
    },
    {
      "code": "en",
      "name": "inglés",
      "sent": "/en/message-sent",
      "failed": "/en/send-error",
      "messages": {
        "nombre": "Name must be at least 2 characters",
        "nombreLong": "Name must be at most 100 characters",
        "nombreLine": "Name must be on one line, without tabs or invisible characters",
        "email": "Invalid email",
        "emailLong": "Email must be at most 255 characters",
        "telefono": "Invalid phone",
        "telefonoLong": "Phone must be at most 20 characters",
        "servicio": "Select a service",
        "servicioList": "Select a service from the list",
        "localidad": "Locality is required",
        "localidadLong": "Locality must be at most 100 characters",
        "localidadLine": "Locality must be on one line, without tabs or invisible characters",
        "mensaje": "Message must be at least 10 characters",
        "mensajeLong": "Message must be at most 1000 characters",
        "website": "Leave this field empty"
      }
    }
  ],
  "services": [
    {
      "slug": "electricistas",
      "title": "Electricistas"
    },
    {
      "slug": "fontaneros",
      "title": "Fontaneros"
    },
    {
      "slug": "pintores",
      "title": "Pintores"
    },
    {
      "slug": "jardineros",
      "title": "Jardineros"
    },
    {
      "slug": "piscinas",
      "title": "Piscinas"
    },
    {
      "slug": "excavaciones",
      "title": "Excavaciones"
    },
    {
      "slug": "reformas",
      "title": "Reformas"
    },
    {
      "slug": "placas-solares",
      "title": "Placas solares"
    }
  ]
};
