// What stands between the editor and the local proxy (decap-server): every request passes through
// here, and a write outside the content folder, or an upload that is not a photo or is too large,
// is refused with a message the editor shows, before anything is written.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { photosFolder } from '../../site/collections.ts';
import { photoRef } from '../../site/schema/common.ts';
import { maxBytes } from '../../engine/photos/plan.ts';

interface Asset {
  path?: unknown;
  content?: unknown;
  encoding?: unknown;
}

/** The paths a proxy request writes or deletes, and the files it uploads. */
function writesOf(body: { action?: unknown; params?: Record<string, unknown> }): { paths: unknown[]; assets: Asset[] } {
  const params = body.params ?? {};
  const entry = params.entry as { path?: unknown; newPath?: unknown } | undefined;
  const dataFiles = (params.dataFiles as { path?: unknown; newPath?: unknown }[] | undefined) ?? [];
  const assets = ((params.assets as Asset[] | undefined) ?? []).concat(params.asset ? [params.asset as Asset] : []);
  switch (body.action) {
    case 'persistEntry':
      return { paths: [entry?.path, entry?.newPath, ...dataFiles.flatMap((f) => [f.path, f.newPath])].filter(Boolean), assets };
    case 'persistMedia':
      return { paths: [], assets };
    case 'deleteFile':
      return { paths: [params.path], assets: [] };
    case 'deleteFiles':
      return { paths: (params.paths as unknown[] | undefined) ?? [], assets: [] };
    default:
      return { paths: [], assets: [] };
  }
}

/** What the first bytes of a file say it is, among the photo formats the build takes. */
export function photoFormat(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'JPEG';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'PNG';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'WebP';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'AVIF';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'HEIC';
  }
  return undefined;
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1).replace('.', ',')} MB`;

/**
 * Why the proxy must not carry out `body`, in Spanish, or undefined when it may. `contentFolder`:
 * the content folder's path from the repository root, the only place the editor writes.
 */
export function refusal(body: { action?: unknown; params?: Record<string, unknown> }, contentFolder: string): string | undefined {
  const { paths, assets } = writesOf(body);
  for (const path of [...paths, ...assets.map((a) => a.path)]) {
    if (typeof path !== 'string' || !path.startsWith(`${contentFolder}/`) || path.split('/').includes('..'))
      return `El editor solo guarda dentro de ${contentFolder}/, no en «${String(path)}»: no se ha guardado nada.`;
  }
  for (const asset of assets) {
    const path = asset.path as string;
    const name = path.split('/').at(-1)!;
    const inPhotos = path.slice(contentFolder.length + 1).split('/')[0] === photosFolder;
    const bytes = typeof asset.content === 'string' && asset.encoding === 'base64' ? Buffer.from(asset.content, 'base64') : undefined;
    if (!inPhotos || !bytes) return `Solo se suben fotos, a ${contentFolder}/${photosFolder}/: «${name}» no se ha guardado.`;
    if (bytes.length > maxBytes)
      return `«${name}» ocupa ${megabytes(bytes.length)} y una foto puede ocupar como mucho ${maxBytes / 2 ** 20} MB: expórtala a 4000 px de ancho como mucho (unos 12 megapíxeles). No se ha guardado.`;
    if (!photoFormat(bytes)) return `«${name}» no es una foto JPEG, PNG, WebP, AVIF ni HEIC: no se ha guardado.`;
    if (!photoRef.safeParse(path.slice(`${contentFolder}/${photosFolder}/`.length)).success)
      return `«${name}» no vale como nombre de foto: usa letras sin acentos, cifras y guiones, y termina en .jpg, .png, .webp, .avif o .heic. No se ha guardado.`;
  }
  return undefined;
}

/** The largest request the proxy takes: a photo at the limit, in base64, and the rest of the request. */
const maxRequest = Math.ceil((maxBytes * 4) / 3) + 2 ** 20;

/** A route for the site server that checks each request of the editor and passes it to the proxy at `target`. */
export function guardedProxy(target: string, contentFolder: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const answer = (status: number, error: string) =>
      void res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error }));
    if (req.method !== 'POST') return answer(405, 'El proxy del editor solo acepta POST.');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxRequest) {
        req.resume();
        return answer(
          413,
          `El archivo pasa de ${maxBytes / 2 ** 20} MB, lo más que puede ocupar una foto: expórtala a 4000 px de ancho como mucho. No se ha guardado.`,
        );
      }
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let body: { action?: unknown; params?: Record<string, unknown> };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return answer(400, 'La petición del editor no es JSON.');
    }
    const refused = refusal(body, contentFolder);
    if (refused) return answer(422, refused);
    const reply = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    res.writeHead(reply.status, { 'content-type': reply.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await reply.arrayBuffer()));
  };
}
