// Line breaks a reader should never meet: inside a hyphenated abbreviation ("F-GAS") or between a
// figure and its unit ("40 %", "12 m²"). Applied to every text the content holds (schema/common.ts
// `text`, render's Markdown), so no template has to remember it.

/** A hyphen inside an abbreviation in capitals or figures: "F-GAS", "ISO-9001". */
const abbreviation = /\b([A-Z][A-Z0-9]*)-(?=[A-Z0-9]{2,}\b)/g;
/** The space between a figure and the unit, percent or currency sign that follows it. */
const figureAndUnit = /(\d) (?=(?:%|€|°C|m²|m³|m2|m3|cm|mm|km|kWh|kWp|kW|W|V|h)(?![\p{L}\p{N}]))/gu;

/** `text` with its abbreviations' hyphens non-breaking (U+2011) and its figures held to their units (U+00A0). */
export const keepTogether = (text: string): string => text.replace(abbreviation, '$1\u2011').replace(figureAndUnit, '$1\u00a0');
