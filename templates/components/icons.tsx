// The lucide icons the templates draw, each from its own module: the package's index brings its
// 2,000 icons into every compile of the engine, ~100 ms of esbuild's time, for the twenty drawn here.
export { default as ArrowLeft } from 'lucide-react/icons/arrow-left';
export { default as ArrowRight } from 'lucide-react/icons/arrow-right';
export { default as Check } from 'lucide-react/icons/check';
export { default as CircleAlert } from 'lucide-react/icons/circle-alert';
export { default as CircleCheck } from 'lucide-react/icons/circle-check';
export { default as Clock } from 'lucide-react/icons/clock';
export { default as Droplets } from 'lucide-react/icons/droplets';
export { default as Hammer } from 'lucide-react/icons/hammer';
export { default as Mail } from 'lucide-react/icons/mail';
export { default as MapPin } from 'lucide-react/icons/map-pin';
export { default as MessageCircle } from 'lucide-react/icons/message-circle';
export { default as Paintbrush } from 'lucide-react/icons/paintbrush';
export { default as Phone } from 'lucide-react/icons/phone';
export { default as Send } from 'lucide-react/icons/send';
export { default as Shovel } from 'lucide-react/icons/shovel';
export { default as Snowflake } from 'lucide-react/icons/snowflake';
export { default as Sun } from 'lucide-react/icons/sun';
export { default as Trees } from 'lucide-react/icons/trees';
export { default as Waves } from 'lucide-react/icons/waves';
export { default as Zap } from 'lucide-react/icons/zap';
