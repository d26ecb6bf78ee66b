import {
  ArrowLeft as LucideArrowLeft,
  Check as LucideCheck,
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  Clock as LucideClock,
  Droplets as LucideDroplets,
  Hammer as LucideHammer,
  Mail as LucideMail,
  MapPin as LucideMapPin,
  MessageCircle as LucideMessageCircle,
  Paintbrush as LucidePaintbrush,
  Phone as LucidePhone,
  Send as LucideSend,
  Shovel as LucideShovel,
  Snowflake as LucideSnowflake,
  Sun as LucideSun,
  Trees as LucideTrees,
  Waves as LucideWaves,
  Zap as LucideZap,
  type LucideIcon,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { SamePerLanguage } from '../context.tsx';

export type Icon = (props: { className?: string }) => ReactElement;

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
