// The lucide icons the templates draw, each from its own module: the package's index brings its
// 2,000 icons into every compile of the engine, ~100 ms of esbuild's time, for the twenty drawn here.
//
// Drawn from lucide's own data, as lucide-react draws them, but each icon's element is made once
// per class and given again to every page: a page draws up to forty icons, and lucide-react's two
// components, hook and attribute merging per icon were ~10 % of rendering the real site (see
// docs/benchmark.md). These are server templates only: islands have their own (islands/icons.tsx).
import type { ReactElement } from 'react';
import * as arrowLeft from 'lucide-react/icons/arrow-left';
import * as arrowRight from 'lucide-react/icons/arrow-right';
import * as check from 'lucide-react/icons/check';
import * as circleAlert from 'lucide-react/icons/circle-exclamation-point';
import * as circleCheck from 'lucide-react/icons/circle-check';
import * as clock from 'lucide-react/icons/clock';
import * as droplets from 'lucide-react/icons/droplets';
import * as hammer from 'lucide-react/icons/hammer';
import * as mail from 'lucide-react/icons/mail';
import * as mapPin from 'lucide-react/icons/map-pin';
import * as messageCircle from 'lucide-react/icons/message-circle';
import * as paintbrush from 'lucide-react/icons/paintbrush';
import * as phone from 'lucide-react/icons/phone';
import * as send from 'lucide-react/icons/send';
import * as shovel from 'lucide-react/icons/shovel';
import * as snowflake from 'lucide-react/icons/snowflake';
import * as sun from 'lucide-react/icons/sun';
import * as trees from 'lucide-react/icons/trees';
import * as wavesHorizontal from 'lucide-react/icons/waves-horizontal';
import * as zap from 'lucide-react/icons/zap';

/** What each icon module of lucide-react exports beside its component (its types leave it out). */
interface IconData {
  name: string;
  aliases?: string[];
  node: [tag: string, attributes: Record<string, string>][];
}

/**
 * An icon, at lucide's 24 px grid and 2 px stroke, with `className` after lucide's own classes.
 * `module` is the icon's own module: a renamed icon's old name only re-exports its component.
 */
function icon(module: object) {
  const drawn = new Map<string, ReactElement>();
  // Read at the first drawing, not here: the bundle may set the module's exports after this one's.
  const draw = (className: string) => {
    const { name, aliases = [], node } = (module as { __iconData: IconData }).__iconData;
    const classes = ['lucide', ...[name, ...aliases].map((n) => `lucide-${n}`)].join(' ');
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        aria-hidden="true"
      >
        {node.map(([tag, { key, ...attributes }]) => {
          const Tag = tag as 'path';
          return <Tag key={key} {...attributes} />;
        })}
      </svg>
    );
  };
  return function Icon({ className = '' }: { className?: string }): ReactElement {
    let element = drawn.get(className);
    if (!element) drawn.set(className, (element = draw(className)));
    return element;
  };
}

export const ArrowLeft = icon(arrowLeft);
export const ArrowRight = icon(arrowRight);
export const Check = icon(check);
export const CircleAlert = icon(circleAlert);
export const CircleCheck = icon(circleCheck);
export const Clock = icon(clock);
export const Droplets = icon(droplets);
export const Hammer = icon(hammer);
export const Mail = icon(mail);
export const MapPin = icon(mapPin);
export const MessageCircle = icon(messageCircle);
export const Paintbrush = icon(paintbrush);
export const Phone = icon(phone);
export const Send = icon(send);
export const Shovel = icon(shovel);
export const Snowflake = icon(snowflake);
export const Sun = icon(sun);
export const Trees = icon(trees);
export const Waves = icon(wavesHorizontal);
export const Zap = icon(zap);
