import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { loadModel } from '../../../cli/engine/model.ts';
import { copyContent, editFile, lineOf } from '../../helpers.ts';

async function problems(dir: string, options = {}): Promise<string[]> {
  const error = await loadModel(dir, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).issues.map(formatIssue);
}

describe('content validation', () => {
  it('places each locality text under a known trade and locality, with a heading, text and questions', async () => {
    const content = await copyContent();
    await editFile(content, 'local/pintores.yaml', (yaml) => yaml.replace(/^javea:$/m, 'denia:'));
    await editFile(content, 'local/fontaneros.yaml', (yaml) => yaml.replace(/^( {4}heading:) .*$/m, '$1 ""'));
    await cp(join(content, 'local/reformas.yaml'), join(content, 'local/carpinteros.yaml'));

    const found = await problems(content);

    const denia = await lineOf(content, 'local/pintores.yaml', 'denia:');
    expect(found).toContainEqual(`${join(content, 'local/pintores.yaml')}:${denia + 1}:3  denia: "denia" is not a locality`);
    expect(found).toContainEqual(`${join(content, 'local/fontaneros.yaml')}:4:14  benissa.es.heading: must not be empty`);
    expect(found).toContainEqual(
      expect.stringMatching(/local\/carpinteros\.yaml {2}"carpinteros" is not the key of a service or of air conditioning/),
    );
  });

  it('loads the real content with all services, localities, posts and legal pages', async () => {
    const model = await loadModel('content');
    expect(model.services.map((s) => s.slug.es)).toEqual([
      'electricistas',
      'fontaneros',
      'pintores',
      'jardineros',
      'piscinas',
      'excavaciones',
      'reformas',
      'placas-solares',
    ]);
    expect(model.localities).toHaveLength(16);
    expect(model.posts.es).toHaveLength(6);
    expect(model.posts.en).toHaveLength(6);
    expect(model.legal.es).toHaveLength(3);
  });

  it('reports every problem of a run at once, each with file, line and column', async () => {
    const dir = await copyContent();
    const services = 'services/fontaneros.yaml';
    await editFile(dir, services, (text) => text.replace(/(\n {2}servicios:\n(?: {4}- .*\n))/, '\n  servicios:\n'));
    await editFile(dir, 'localities.yaml', (text) => text.replace('comarca: Marina Alta', 'comarca: Marina Media'));
    await editFile(dir, 'blog/es/mantenimiento-piscinas-verano.md', (text) => text.replace('service: "piscinas"', 'service: "saunas"'));
    await editFile(dir, 'site.yaml', (text) => text.replace('foundingYear: 1998', 'foundingYear: [1998'));

    const found = await problems(dir);

    const serviciosLine = await lineOf(dir, services, 'servicios:');
    expect(found).toContainEqual(
      expect.stringMatching(new RegExp(`^${join(dir, services)}:${serviciosLine + 1}:\\d+  es\\.servicios: expected 6 items, got 5$`)),
    );
    const comarcaLine = await lineOf(dir, 'localities.yaml', 'Marina Media');
    expect(found).toContainEqual(
      `${join(dir, 'localities.yaml')}:${comarcaLine}:14  localities.0.comarca: expected one of "Marina Alta", "Marina Baja", got "Marina Media"`,
    );
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    expect(found).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${join(dir, post)}:${await lineOf(dir, post, 'service: "saunas"')}:10  service: "saunas" is not a service`),
      ),
    );
    expect(found).toContainEqual(expect.stringMatching(new RegExp(`^${join(dir, 'site.yaml')}:\\d+:\\d+  invalid YAML`)));
  });

  it("points at the line of a YAML mistake in a post's front matter", async () => {
    const dir = await copyContent();
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    await editFile(dir, post, (text) => text.replace('service: "piscinas"', 'service: "piscinas"\nservice: "pintores"'));
    const line = await lineOf(dir, post, 'service: "pintores"');
    expect(await problems(dir)).toContainEqual(`${join(dir, post)}:${line}:1  invalid YAML: Map keys must be unique`);
  });

  it('names an unknown field instead of ignoring it', async () => {
    const dir = await copyContent();
    await editFile(dir, 'services/pintores.yaml', (text) => text.replace('order: 3', 'order: 3\ncolour: blue'));
    // Any other key of a service is read as a language's block of texts (schema/common.ts withTexts).
    expect(await problems(dir)).toEqual([
      `${join(dir, 'services/pintores.yaml')}:2:9  colour: Invalid input: expected object, received string`,
    ]);
  });

  it('rejects a duplicate service slug', async () => {
    const dir = await copyContent();
    await editFile(dir, 'services/pintores.yaml', (text) => text.replace('es: pintores', 'es: fontaneros'));
    expect(await problems(dir)).toContainEqual(
      expect.stringMatching(/pintores\.yaml:\d+:\d+ {2}slug\.es: "fontaneros" is already the slug of another service$/),
    );
  });

  it('rejects a blog post whose counterpart does not point back', async () => {
    const dir = await copyContent();
    await editFile(dir, 'blog/en/summer-pool-maintenance-tips.md', (text) =>
      text.replace('counterpart: "mantenimiento-piscinas-verano"', 'counterpart: "elegir-electricista-profesional"'),
    );
    const found = await problems(dir);
    expect(found).toContainEqual(
      expect.stringMatching(
        /summer-pool-maintenance-tips\.md:\d+:\d+ {2}counterpart: "elegir-electricista-profesional" names "choose-professional-electrician" as its counterpart/,
      ),
    );
  });

  it('rejects an unknown placeholder in a legal text with its line', async () => {
    const dir = await copyContent();
    await editFile(dir, 'legal/es/aviso-legal.md', (text) => `${text}\nCIF: {{owner.cif}}\n`);
    const line = await lineOf(dir, 'legal/es/aviso-legal.md', '{{owner.cif}}');
    expect(await problems(dir)).toEqual([expect.stringContaining(`aviso-legal.md:${line}  unknown placeholder {{owner.cif}}`)]);
  });

  it('refuses the example values of site.yaml in strict mode, naming each one', async () => {
    const found = await problems('content', { strict: true });
    for (const field of [
      'brand',
      'baseUrl',
      'email',
      'phone.e164',
      'phone.display',
      'whatsapp',
      'owner.name',
      'owner.nif',
      'owner.address',
    ]) {
      expect(found).toContainEqual(
        expect.stringMatching(new RegExp(`^content/site\\.yaml:\\d+:\\d+  ${field.replace('.', '\\.')}: still the example value`)),
      );
    }
  });
});
