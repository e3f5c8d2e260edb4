let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/**
 * The width of a label as the browser draws it in `font` (a CSS font shorthand), measured on a canvas
 * that is never shown: the axes need it to leave out labels that would overlap, before they are drawn.
 * Kept per font and text: a chart asks again at every pointer move, and its labels are few.
 */
export function textWidth(text: string, font: string): number {
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  // Without a canvas, an average glyph of 12 px type is about 7 px wide.
  if (!context) return text.length * 7;
  const key = `${font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    context.font = font;
    width = context.measureText(text).width;
    widths.set(key, width);
  }
  return width;
}
