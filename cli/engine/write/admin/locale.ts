// Decap's own words in Spanish where its Spanish locale has none (it falls back to English: "Writing
// in ES", "Add fotos") or a poor one ("Remover archivo"). The editor's script lays these over the
// locale Decap ships (client.ts). Only what the company's forms, lists and media library show.

import { maxBytes } from '../../photos/limits.ts';

type Phrases = { [key: string]: string | Phrases };

export const spanishPhrases: Phrases = {
  collection: {
    sidebar: { allCollections: 'Todas las colecciones', searchIn: 'Buscar en' },
    collectionTop: {
      viewAsList: 'Ver como lista',
      viewAsGrid: 'Ver como cuadrícula',
      searchResults: 'Resultados de «%{searchTerm}»',
      searchResultsInCollection: 'Resultados de «%{searchTerm}» en %{collection}',
      filterBy: 'Filtrar por',
      groupBy: 'Agrupar por',
    },
    groups: { other: 'Otros', negateLabel: 'No %{label}' },
  },
  editor: {
    editorControl: { field: { widgetLabel: 'Campo %{widgetLabel}' } },
    editorControlPane: {
      widget: {
        // The schemas' messages are whole sentences (labels.ts): Decap's "no coincide con el patrón" adds nothing.
        regexPattern: '%{fieldLabel}: %{pattern}',
        invalidPath: '«%{path}» no es una ruta válida.',
        pathExists: 'Ya existe «%{path}».',
      },
      i18n: {
        writingInLocale: 'Escribiendo en %{locale}',
        copyFromLocale: 'Rellenar con el otro idioma',
        copyFromLocaleConfirm: '¿Rellenar con lo escrito en %{locale}?\nSe sustituye todo lo que haya en este idioma.',
      },
    },
    editorInterface: {
      toggleI18n: 'Mostrar u ocultar el otro idioma',
      togglePreview: 'Mostrar u ocultar la vista previa',
      toggleScrollSync: 'Desplazar los dos a la vez',
    },
    editorWidgets: {
      markdown: {
        bold: 'Negrita',
        italic: 'Cursiva',
        strikethrough: 'Tachado',
        code: 'Código',
        link: 'Enlace',
        linkPrompt: 'Escriba la dirección del enlace',
        headings: 'Títulos',
        quote: 'Cita',
        bulletedList: 'Lista con viñetas',
        numberedList: 'Lista numerada',
        addComponent: 'Añadir componente',
        toggleMode: { rich: 'Pasar a texto enriquecido', markdown: 'Pasar a Markdown' },
      },
      file: {
        remove: 'Quitar el archivo',
        chooseMultiple: 'Elegir archivos',
        chooseUrl: 'Insertar desde una dirección',
        replaceUrl: 'Sustituir por una dirección',
        promptUrl: 'Escriba la dirección del archivo',
        addMore: 'Añadir más archivos',
        removeAll: 'Quitar todos los archivos',
      },
      image: {
        chooseMultiple: 'Elegir imágenes',
        chooseUrl: 'Insertar desde una dirección',
        replaceUrl: 'Sustituir por una dirección',
        promptUrl: 'Escriba la dirección de la imagen',
        addMore: 'Añadir más imágenes',
        removeAll: 'Quitar todas las imágenes',
      },
      // %{item}: the list's singular label, in lower case (config.ts label_singular).
      list: { add: 'Añadir %{item}', addType: 'Añadir %{item}' },
      object: { expand: 'Desplegar', collapse: 'Plegar' },
    },
  },
  mediaLibrary: {
    mediaLibraryCard: {
      copy: 'Copiar',
      copyUrl: 'Copiar la dirección',
      copyPath: 'Copiar la ruta',
      copyName: 'Copiar el nombre',
      copied: 'Copiado',
    },
    mediaLibraryModal: { close: 'Cerrar' },
    // In MB, as the photo field's hint says it (config.ts): Decap's own says the limit in kB of 1000 bytes.
    mediaLibrary: {
      fileTooLarge: `Archivo muy pesado: una foto puede ocupar como mucho ${maxBytes / 2 ** 20} MB. Expórtala a 4000 px de ancho como mucho (unos 12 megapíxeles).`,
    },
  },
  ui: {
    settingsDropdown: { account: 'Opciones de la cuenta' },
    toast: {
      onLoggedOut: 'Se ha cerrado la sesión: copie lo que no haya guardado e inicie sesión otra vez.',
      onBackendDown: 'El servicio donde se guarda el contenido no responde. Más información en %{details}.',
    },
  },
};

/** `phrases` over `base`, key by key: what `phrases` leaves out stays as `base` has it. */
export function overPhrases(base: Phrases, phrases: Phrases): Phrases {
  const merged: Phrases = { ...base };
  for (const [key, value] of Object.entries(phrases)) {
    const under = merged[key];
    merged[key] = typeof value === 'object' && typeof under === 'object' ? overPhrases(under, value) : value;
  }
  return merged;
}
