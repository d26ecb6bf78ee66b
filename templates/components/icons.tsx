// Each icon from its own module: the package's index brings its 2,000 icons into every compile
// of the engine, ~100 ms of esbuild's time, for the nineteen drawn here.
import LucideArrowLeft from 'lucide-react/icons/arrow-left';
import LucideCheck from 'lucide-react/icons/check';
import LucideCircleAlert from 'lucide-react/icons/circle-alert';
import LucideCircleCheck from 'lucide-react/icons/circle-check';
import LucideClock from 'lucide-react/icons/clock';
import LucideDroplets from 'lucide-react/icons/droplets';
import LucideHammer from 'lucide-react/icons/hammer';
import LucideMail from 'lucide-react/icons/mail';
import LucideMapPin from 'lucide-react/icons/map-pin';
import LucideMessageCircle from 'lucide-react/icons/message-circle';
import LucidePaintbrush from 'lucide-react/icons/paintbrush';
import LucidePhone from 'lucide-react/icons/phone';
import LucideSend from 'lucide-react/icons/send';
import LucideShovel from 'lucide-react/icons/shovel';
import LucideSnowflake from 'lucide-react/icons/snowflake';
import LucideSun from 'lucide-react/icons/sun';
import LucideTrees from 'lucide-react/icons/trees';
import LucideWaves from 'lucide-react/icons/waves';
import LucideZap from 'lucide-react/icons/zap';
import type { ReactElement } from 'react';
import type { LucideIcon } from 'lucide-react';
import { SamePerLanguage } from '../context.tsx';

type Icon = (props: { className?: string }) => ReactElement;

/**
 * The lucide icons the templates draw. Each icon and class is rendered once per build and then
 * reused: a page shows up to thirty icons, twenty of them the same check mark.
 */
const shared =
  (name: string, Lucide: LucideIcon): Icon =>
  ({ className }) => (
    <SamePerLanguage name={`icon ${name} ${className ?? ''}`}>
      <Lucide className={className} />
    </SamePerLanguage>
  );

export const ArrowLeft = shared('arrow-left', LucideArrowLeft);
export const Check = shared('check', LucideCheck);
export const CircleAlert = shared('circle-alert', LucideCircleAlert);
export const CircleCheck = shared('circle-check', LucideCircleCheck);
export const Clock = shared('clock', LucideClock);
export const Droplets = shared('droplets', LucideDroplets);
export const Hammer = shared('hammer', LucideHammer);
export const Mail = shared('mail', LucideMail);
export const MapPin = shared('map-pin', LucideMapPin);
export const MessageCircle = shared('message-circle', LucideMessageCircle);
export const Paintbrush = shared('paintbrush', LucidePaintbrush);
export const Phone = shared('phone', LucidePhone);
export const Send = shared('send', LucideSend);
export const Shovel = shared('shovel', LucideShovel);
export const Snowflake = shared('snowflake', LucideSnowflake);
export const Sun = shared('sun', LucideSun);
export const Trees = shared('trees', LucideTrees);
export const Waves = shared('waves', LucideWaves);
export const Zap = shared('zap', LucideZap);
