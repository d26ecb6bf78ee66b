import { describe, expect, it } from 'vitest';
import { text } from '../../../cli/site/schema/common.ts';
import { keepTogether } from '../../../cli/site/typeset.ts';

const nbsp = '\u00a0';
const nbHyphen = '\u2011';

describe('keepTogether', () => {
  it('keeps an abbreviation in capitals on one line: "F-GAS" gets a non-breaking hyphen', () => {
    expect(keepTogether('instaladores con certificación F-GAS, la acreditación')).toBe(
      `instaladores con certificación F${nbHyphen}GAS, la acreditación`,
    );
    expect(keepTogether('ISO-9001')).toBe(`ISO${nbHyphen}9001`);
  });

  it('holds a figure to its unit, percent or currency sign', () => {
    expect(keepTogether('hasta un 40 % menos')).toBe(`hasta un 40${nbsp}% menos`);
    expect(keepTogether('un baño de 12 m² en Jávea')).toBe(`un baño de 12${nbsp}m² en Jávea`);
    expect(keepTogether('desde 900 €.')).toBe(`desde 900${nbsp}€.`);
    expect(keepTogether('un equipo de 2 kW, o de 3 kWh')).toBe(`un equipo de 2${nbsp}kW, o de 3${nbsp}kWh`);
  });

  it('leaves ordinary words and hyphens alone', () => {
    for (const plain of ['25 años de garantía', 'e-mail', 'Wi-Fi', 'Marina Alta', '3 horas', '12 mesas', 'llame al 600 000 000']) {
      expect(keepTogether(plain)).toBe(plain);
    }
  });

  it('is part of every content text: the schema typesets what it parses', () => {
    expect(text.parse('  Instaladores con certificación F-GAS  ')).toBe(`Instaladores con certificación F${nbHyphen}GAS`);
  });
});
