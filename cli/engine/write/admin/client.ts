// The editor's own script, loaded before Decap CMS at /admin/: it gives every collection the format
// its files are written in (site/editor-format.ts), then starts the CMS. Never on a public page.
import { fromFile, toFile, type FileLayout } from '../../../site/editor-format.ts';
import { photoFormat, stripMetadata, UnstrippableError } from '../../photos/strip.ts';
import { editorApi } from './api.ts';
import { entryProblems } from './check.ts';
import { rememberHeif, showHeifThumbnails } from './heif-preview.ts';
import { overPhrases, spanishPhrases } from './locale.ts';

interface Formatter {
  fromFile(text: string): object;
  toFile(data: object): string;
}
/** An entry as Decap keeps it (an Immutable.js map). */
interface DecapEntry {
  toJS(): Parameters<typeof entryProblems>[1];
}
interface Cms {
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: DecapEntry }) => void }): void;
  registerCustomFormat(name: string, extension: string, formatter: Formatter): void;
  registerLocale(name: string, phrases: object): void;
  getLocale(name: string): object | undefined;
  init(options: { config: object }): void;
}
declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: Cms;
  }
}

// Decap starts itself as its script runs, unless told to wait: the formats must be there first.
window.CMS_MANUAL_INIT = true;

/** What the build wrote into the page as JSON (files.ts). */
const pageData = <T>(id: string) => JSON.parse(document.getElementById(id)?.textContent ?? '{}') as T;
const layouts = pageData<Record<string, FileLayout>>('editor-layouts');

// The configuration the build generated (Decap's config.yml, as JSON), read here rather than by
// Decap, which reads only YAML, and only when the host says so in its type.
const configFile = fetch('/admin/config.json').then((response) => {
  if (!response.ok) throw new Error(`the editor's configuration /admin/config.json answered ${response.status}`);
  return response.json() as Promise<Record<string, unknown>>;
});

// `npm run cms` answers beside the site, on this computer only: it gives this page, and no other
// origin, the address of its local backend with the run's secret in it. Elsewhere nothing answers.
const onThisMachine = ['localhost', '127.0.0.1'].includes(location.hostname);
const localBackend = onThisMachine
  ? fetch(editorApi.session, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((response) => (response.ok ? (response.json() as Promise<{ backend: string }>) : undefined))
      .then((session) => session && { local_backend: { url: new URL(session.backend, location.href).href } })
      .catch(() => undefined)
  : undefined;

// A photo loses its GPS position and serial numbers here, before Decap reads it: on the live site
// Decap commits the file it reads straight to the repository, which may be public. The file
// input's change is held back from Decap (this listener runs first, capturing at the window), its
// files are replaced by their stripped copies, and the change is sent again.
const cleaned = new WeakSet<Event>();
window.addEventListener(
  'change',
  (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length || cleaned.has(event)) return;
    event.stopImmediatePropagation();
    void withoutMetadata([...input.files]).then((files) => {
      const transfer = new DataTransfer();
      for (const file of files ?? []) transfer.items.add(file);
      input.files = transfer.files;
      if (!files) return;
      const again = new Event('change', { bubbles: true });
      cleaned.add(again);
      input.dispatchEvent(again);
    });
  },
  true,
);

/** The files as they are stored, without their photos' metadata; undefined, and said why, when one cannot lose it. */
async function withoutMetadata(files: File[]): Promise<File[] | undefined> {
  const out: File[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const format = photoFormat(bytes);
    // Not a photo: kept as it is, for the local backend and the build to refuse with their own message.
    if (!format) {
      out.push(file);
      continue;
    }
    try {
      const clean = stripMetadata(bytes) as Uint8Array<ArrayBuffer>;
      out.push(new File([clean], file.name, { type: file.type, lastModified: file.lastModified }));
      if (format === 'HEIC') rememberHeif(file.name, clean);
    } catch (error) {
      if (!(error instanceof UnstrippableError)) throw error;
      window.alert(`«${file.name}» no se puede guardar sin su ubicación y los datos de la cámara: expórtala como JPEG y súbela otra vez.`);
      return undefined;
    }
  }
  return out;
}

window.addEventListener('DOMContentLoaded', async () => {
  const heifDecoder = document.querySelector<HTMLMetaElement>('meta[name="heif-decoder"]')?.content;
  if (heifDecoder) showHeifThumbnails(heifDecoder, pageData('heif-thumbnails'));
  const cms = window.CMS;
  if (!cms) throw new Error('Decap CMS did not load: the editor cannot start');
  for (const [name, layout] of Object.entries(layouts)) {
    cms.registerCustomFormat(`marina-${name}`, layout.format === 'yaml' ? 'yaml' : 'md', {
      fromFile: (text) => fromFile(text, layout),
      toFile: (data) => toFile(data as Record<string, unknown>, layout),
    });
  }
  // Decap fills what its Spanish lacks with English: the missing words are laid over it.
  cms.registerLocale('es', overPhrases((cms.getLocale('es') ?? {}) as typeof spanishPhrases, spanishPhrases));
  const config = await configFile;
  // A save the build would refuse is refused before anything is written; Decap shows the reason.
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const problems = entryProblems(config as unknown as Parameters<typeof entryProblems>[0], entry.toJS());
      if (problems.length > 0) throw new Refusal(problems.join(' '));
    },
  });
  const local = await localBackend;
  const backend = config.backend as Record<string, unknown>;
  if (!local && backend.repo === undefined) return noRepository();
  // Decap opens its sign-in window at base_url + auth_endpoint and trusts only messages from that
  // origin: the site's own, wherever it is served (config.ts editorBackend).
  cms.init({ config: { ...config, backend: { ...backend, base_url: location.origin }, ...local, load_config_file: false } });
});

/** A reason not to save, which Decap's message shows as it is ("No se ha podido guardar la entrada: …"). */
class Refusal extends Error {
  override toString(): string {
    return this.message;
  }
}

/** What the editor shows instead of itself when the build named no repository to save to. */
function noRepository(): void {
  const message = document.createElement('main');
  message.innerHTML = `<h1>El editor aún no está conectado</h1>
<p>No sabe en qué repositorio de GitHub guardar el contenido. Quien mantiene el sitio tiene que
indicarlo en <code>package.json</code> («"repository": "github:EMPRESA/REPOSITORIO"») y volver a
publicarlo, como explica <code>docs/editor.md</code>.</p>`;
  document.body.replaceChildren(message);
}
