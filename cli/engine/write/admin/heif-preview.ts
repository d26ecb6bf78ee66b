// Decap shows a HEIC (a phone's photo) as a card reading "HEIC" in its media library: it takes only
// the formats browsers show for images, and browsers other than Safari show no HEIC. A HEIC chosen
// for upload is decoded here by libheif's WebAssembly build (the one the build decodes phone photos
// with, engine/photos/decode.ts), fetched only then, and its card shows the photo. A HEIC saved
// before shows the JPEG the build published of it (files.ts names them). The file itself is
// uploaded as it is; only the card changes.

/** The longest side of a thumbnail, in pixels: the cards are a few hundred wide. */
const thumbnailSide = 600;

interface HeifImage {
  get_width(): number;
  get_height(): number;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[]; decoder: { delete(): void } };
}
declare global {
  interface Window {
    /** What libheif-js's browser bundle defines: a function that starts the WebAssembly module. */
    libheif?: () => Libheif;
  }
}

/** Thumbnails of the HEIC photos, by file name in lower case (Decap's cards keep the case given). */
const thumbnails = new Map<string, string>();
let decoderUrl: string | undefined;
let decoder: Promise<Libheif> | undefined;

/**
 * Shows the thumbnails of HEIC photos on Decap's cards: `published`, the site's JPEG of each saved
 * one by its name, and those chosen in this session, decoded with the script at `url`.
 */
export function showHeifThumbnails(url: string, published: Record<string, string>): void {
  decoderUrl = url;
  for (const [name, path] of Object.entries(published)) thumbnails.set(name.toLowerCase(), path);
  new MutationObserver(paintCards).observe(document.body, { childList: true, subtree: true });
}

/** Decodes a HEIC chosen for upload, in the background, for its card. */
export function rememberHeif(name: string, bytes: Uint8Array): void {
  if (!decoderUrl) return;
  const url = decoderUrl;
  void thumbnailOf(bytes, () => (decoder ??= loadDecoder(url)))
    .then((thumbnail) => {
      if (!thumbnail) return;
      thumbnails.set(name.toLowerCase(), thumbnail);
      paintCards();
    })
    // A photo libheif cannot decode keeps Decap's "HEIC" card; the upload check says what is wrong.
    .catch(() => undefined);
}

/**
 * The photo behind the "HEIC" of each card whose file has a thumbnail, as a background: Decap's
 * React keeps the card's children, which must not be replaced under it.
 */
function paintCards(): void {
  if (thumbnails.size === 0) return;
  for (const icon of document.querySelectorAll<HTMLElement>('[data-testid="card-file-icon"]')) {
    // The card: its image's wrapper, then the card holding the wrapper and the file's name.
    const name = icon.parentElement?.parentElement?.querySelector('p[class*="CardText"]')?.textContent;
    const thumbnail = name && thumbnails.get(name.trim().toLowerCase());
    if (!thumbnail || icon.dataset.heifThumbnail === thumbnail) continue;
    icon.dataset.heifThumbnail = thumbnail;
    Object.assign(icon.style, {
      backgroundImage: `url("${thumbnail}")`,
      // As Decap shows the other photos: whole, centred.
      backgroundSize: 'contain',
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'center',
      color: 'transparent',
      width: '100%',
      height: '100%',
    });
  }
}

async function thumbnailOf(bytes: Uint8Array, libheif: () => Promise<Libheif>): Promise<string | undefined> {
  const pixels = await decodeFirst(await libheif(), bytes);
  if (!pixels) return undefined;
  const scale = Math.min(1, thumbnailSide / Math.max(pixels.width, pixels.height));
  const full = new OffscreenCanvas(pixels.width, pixels.height);
  full.getContext('2d')!.putImageData(pixels, 0, 0);
  const small = new OffscreenCanvas(Math.round(pixels.width * scale), Math.round(pixels.height * scale));
  small.getContext('2d')!.drawImage(full, 0, 0, small.width, small.height);
  return URL.createObjectURL(await small.convertToBlob({ type: 'image/jpeg', quality: 0.85 }));
}

/** The first image of a HEIC as pixels, turned and mirrored as the file says (libheif applies it). */
async function decodeFirst(libheif: Libheif, bytes: Uint8Array): Promise<ImageData | undefined> {
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images[0];
    if (!image) return undefined;
    const target = new ImageData(image.get_width(), image.get_height());
    return (await new Promise<ImageData | null>((resolve) => image.display(target, resolve))) ?? undefined;
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}

function loadDecoder(url: string): Promise<Libheif> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => (window.libheif ? resolve(window.libheif()) : reject(new Error(`${url} defined no libheif`)));
    script.onerror = () => reject(new Error(`the HEIC decoder ${url} did not load`));
    document.head.append(script);
  });
}
