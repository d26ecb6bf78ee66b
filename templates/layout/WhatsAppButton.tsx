import { MessageCircle } from '../components/icons.tsx';
import { usePage } from '../context.tsx';

/** A chat with the business number, the page's language's message typed in. */
export const whatsappHref = (number: string, message: string) => `https://wa.me/${number}?text=${encodeURIComponent(message)}`;

/** Floating green chat button, bottom right of every page (steps aside on a page that shows its own; styles.css). */
export function WhatsAppButton() {
  const { model, t } = usePage();
  return (
    <a
      href={whatsappHref(model.site.whatsapp, t.whatsappMessage)}
      target="_blank"
      rel="noopener"
      aria-label={t.buttons.whatsapp}
      title={t.buttons.whatsapp}
      className="whatsapp-float fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg ring-4 ring-white hover:scale-105 sm:right-6 sm:bottom-6"
    >
      <MessageCircle className="size-7" />
    </a>
  );
}
