/** An sRGB colour as red, green, blue (0-255) and alpha (0-1). */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Reads #rgb, #rrggbb or rgba(r,g,b,a); null for anything else. */
export function parseColor(css: string): Rgba | null {
  const text = css.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return { r: parseInt(short[1] + short[1], 16), g: parseInt(short[2] + short[2], 16), b: parseInt(short[3] + short[3], 16), a: 1 };
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (long) return { r: parseInt(long[1], 16), g: parseInt(long[2], 16), b: parseInt(long[3], 16), a: 1 };
  const functional = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (functional) {
    return { r: Number(functional[1]), g: Number(functional[2]), b: Number(functional[3]), a: functional[4] === undefined ? 1 : Number(functional[4]) };
  }
  return null;
}

/** A possibly translucent colour painted over an opaque background. */
export function composite(over: Rgba, under: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * over.a + bottom * (1 - over.a);
  return { r: mix(over.r, under.r), g: mix(over.g, under.g), b: mix(over.b, under.b), a: 1 };
}

function relativeLuminance({ r, g, b }: Rgba): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of a text colour on an opaque background (1 to 21); throws on colours it cannot read. */
export function contrastRatio(text: string, background: string): number {
  const fore = parseColor(text);
  const back = parseColor(background);
  if (!fore || !back) throw new Error(`cannot read colour ${fore ? background : text}`);
  const lighter = relativeLuminance(composite(fore, back));
  const darker = relativeLuminance(back);
  const [high, low] = lighter > darker ? [lighter, darker] : [darker, lighter];
  return (high + 0.05) / (low + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;
