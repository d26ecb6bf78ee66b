import type { ComponentType } from 'react';
import type { Family } from '../../cli/site/routes.ts';
import { About } from './About.tsx';
import { AirConditioning } from './AirConditioning.tsx';
import { Blog } from './Blog.tsx';
import { Contact } from './Contact.tsx';
import { Home } from './Home.tsx';
import { Legal } from './Legal.tsx';
import { Message } from './Message.tsx';
import { NotFound } from './NotFound.tsx';
import { Post } from './Post.tsx';
import { Project } from './Project.tsx';
import { Projects } from './Projects.tsx';
import { Service } from './Service.tsx';
import { ServiceLocality } from './ServiceLocality.tsx';

/** The template of each page family. */
export const pages: Record<Family, ComponentType> = {
  home: Home,
  service: Service,
  'service-locality': ServiceLocality,
  'air-conditioning': AirConditioning,
  'air-conditioning-locality': AirConditioning,
  about: About,
  contact: Contact,
  blog: Blog,
  'blog-page': Blog,
  'blog-category': Blog,
  'blog-category-page': Blog,
  post: Post,
  projects: Projects,
  project: Project,
  legal: Legal,
  'not-found': NotFound,
  thanks: Message,
  'send-error': Message,
};
