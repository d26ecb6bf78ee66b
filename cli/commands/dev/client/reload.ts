/**
 * Runs in the page, in dev only: shows the rebuilt page after each good build and lists a failed
 * build's problems in an overlay. The site's CSP forbids inline styles, so the overlay is styled
 * through element.style from this script, and messages go in as text, never as markup.
 */
import { devPaths, type DevEvent } from '../protocol.ts';

const overlayId = 'dev-build-problems';

const source = new EventSource(devPaths.events);
// Lets tests (and curious maintainers) see that the page is listening for rebuilds.
source.addEventListener('open', () => document.documentElement.setAttribute('data-dev-reload', 'connected'));
source.addEventListener('message', (message: MessageEvent<string>) => {
  const event = JSON.parse(message.data) as DevEvent;
  if (event.type === 'reload') refresh().catch(() => location.reload());
  else showProblems(event.messages);
});

/** The hydration entry's hooks (templates/client.ts). */
interface Client {
  hydrateIslands?: () => void;
  unmountIslands?: () => void;
}

/** Stylesheets and scripts: a page that loads others than before (a template edit) is reloaded. */
const isAsset = (element: Element) => element.matches('link[rel="stylesheet"], link[rel="modulepreload"], script[src]');
const assetsOf = (doc: Document) =>
  [...doc.head.children]
    .filter(isAsset)
    .map((element) => element.outerHTML)
    .join('\n');

/**
 * Puts the rebuilt page in place of this one without a navigation, so the change shows at once
 * and the scroll position stays: the head's other elements and the body are replaced, and the
 * islands unmounted and hydrated again. Anything unusual reloads the page instead.
 */
async function refresh(): Promise<void> {
  const response = await fetch(location.href, { cache: 'no-store' });
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]');
  const client = entry ? ((await import(entry.src)) as Client) : {};
  if (assetsOf(next) !== assetsOf(document) || !client.hydrateIslands || !client.unmountIslands) return location.reload();
  client.unmountIslands();
  for (const element of [...document.head.children]) if (!isAsset(element)) element.remove();
  for (const element of [...next.head.children]) if (!isAsset(element)) document.head.append(document.adoptNode(element));
  document.body.replaceWith(document.adoptNode(next.body));
  client.hydrateIslands();
  // When the new page has been painted: what the e2e test reports as edit-to-reload.
  requestAnimationFrame(() =>
    setTimeout(() => document.documentElement.setAttribute('data-dev-refreshed', String(performance.timeOrigin + performance.now()))),
  );
}

function showProblems(messages: string[]): void {
  document.getElementById(overlayId)?.remove();
  const overlay = styled('section', {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    zIndex: '2147483647',
    maxHeight: '60vh',
    overflow: 'auto',
    padding: '16px 20px',
    background: '#1c1917',
    color: '#fafaf9',
    borderTop: '4px solid #dc2626',
    font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    textAlign: 'left',
  });
  overlay.id = overlayId;
  overlay.setAttribute('role', 'alert');

  const title = styled('h2', { margin: '0 0 8px', font: 'bold 16px/1.4 system-ui, sans-serif', color: '#fca5a5' });
  title.textContent = `Build failed: ${messages.length} problem${messages.length === 1 ? '' : 's'}. This page shows the last good build; save a fix and it reloads.`;
  const list = styled('ol', { margin: '0', padding: '0 0 0 20px' });
  for (const text of messages) {
    const item = styled('li', { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0' });
    item.textContent = text;
    list.append(item);
  }
  const hide = styled('button', {
    marginTop: '12px',
    padding: '4px 12px',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    background: 'transparent',
    border: '1px solid #a8a29e',
    borderRadius: '4px',
  });
  hide.type = 'button';
  hide.textContent = 'Hide';
  hide.addEventListener('click', () => overlay.remove());

  overlay.append(title, list, hide);
  document.body.append(overlay);
}

function styled<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element.style, style);
  return element;
}
