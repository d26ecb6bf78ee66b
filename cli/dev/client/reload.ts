/**
 * Runs in the page, in dev only: reloads it after each good build and lists a failed build's
 * problems in an overlay. The site's CSP forbids inline styles, so the overlay is styled through
 * element.style from this script, and messages go in as text, never as markup.
 */
import { devPaths, type DevEvent } from '../protocol.ts';

const overlayId = 'dev-build-problems';

const source = new EventSource(devPaths.events);
// Lets tests (and curious maintainers) see that the page is listening for rebuilds.
source.addEventListener('open', () => document.documentElement.setAttribute('data-dev-reload', 'connected'));
source.addEventListener('message', (message: MessageEvent<string>) => {
  const event = JSON.parse(message.data) as DevEvent;
  if (event.type === 'reload') location.reload();
  else showProblems(event.messages);
});

function showProblems(messages: string[]): void {
  document.getElementById(overlayId)?.remove();
  const overlay = styled('section', {
    position: 'fixed', left: '0', right: '0', bottom: '0', zIndex: '2147483647', maxHeight: '60vh', overflow: 'auto',
    padding: '16px 20px', background: '#1c1917', color: '#fafaf9', borderTop: '4px solid #dc2626',
    font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', textAlign: 'left',
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
    marginTop: '12px', padding: '4px 12px', font: 'inherit', color: 'inherit', cursor: 'pointer',
    background: 'transparent', border: '1px solid #a8a29e', borderRadius: '4px',
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
