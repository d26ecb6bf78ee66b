import { MessageCircle } from '../components/icons.tsx';
import { usePage } from '../context.tsx';

/** Floating green chat button, bottom right of every page. */
export function WhatsAppButton() {
  const { model, t } = usePage();
  const href = `https://wa.me/${model.site.whatsapp}?text=${encodeURIComponent(t.whatsappMessage)}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={t.buttons.whatsapp}
      title={t.buttons.whatsapp}
      className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg ring-4 ring-white hover:scale-105 sm:right-6 sm:bottom-6"
    >
      <MessageCircle className="size-7" />
    </a>
  );
}
