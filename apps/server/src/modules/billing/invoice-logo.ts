import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getBrand, isBrandKey } from '@fixpoint/shared';

/**
 * A brand's logo for the invoice PDF, drawn as vectors with pdfkit. The logos (apps/web/public/brands/<key>/logo.svg)
 * use a small part of SVG: circles, rounded rectangles, paths, groups that pass on fill and stroke, and one text
 * element for the name. This reads exactly that part; anything else is left out (decision 0072).
 */

export interface LogoShape {
  kind: 'circle' | 'rect' | 'path';
  attributes: Record<string, string>;
}

export interface Logo {
  width: number;
  height: number;
  shapes: LogoShape[];
  text: { value: string; x: number; y: number; size: number; fill: string; italic: boolean; length: number } | null;
}

const publicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));

const attributesOf = (source: string) =>
  Object.fromEntries([...source.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]])) as Record<
    string,
    string
  >;

/** The shapes and text of a logo's SVG source, in drawing order, each with the attributes its groups pass on. */
export function parseLogo(svg: string): Logo | null {
  const root = /<svg\b([^>]*)>/.exec(svg);
  if (!root) return null;
  const viewBox = (attributesOf(root[1] ?? '').viewBox ?? '').split(/[\s,]+/).map(Number);
  const [, , width = 0, height = 0] = viewBox;
  if (!(width > 0 && height > 0)) return null;
  const shapes: LogoShape[] = [];
  let text: Logo['text'] = null;
  const inherited: Record<string, string>[] = [];
  for (const match of svg.matchAll(/<(\/?)(g|circle|rect|path|text)\b([^>]*?)(\/?)>(?:([^<]*)<\/text>)?/g)) {
    const [, closing, tag, rawAttributes = '', , content] = match;
    if (tag === 'g') {
      if (closing) inherited.pop();
      else inherited.push(attributesOf(rawAttributes));
      continue;
    }
    const attributes = Object.assign({}, ...inherited, attributesOf(rawAttributes)) as Record<string, string>;
    if (tag === 'text') {
      text = {
        value: (content ?? '').trim(),
        x: Number(attributes.x ?? 0),
        y: Number(attributes.y ?? 0),
        size: Number(attributes['font-size'] ?? 16),
        fill: attributes.fill ?? '#000',
        italic: attributes['font-style'] === 'italic',
        length: Number(attributes.textLength ?? 0),
      };
    } else shapes.push({ kind: tag as LogoShape['kind'], attributes });
  }
  return { width, height, shapes, text };
}

const cache = new Map<string, Logo | null>();

/** The logo of a brand by its key, read once; null for an unknown key or a missing file. */
export function brandLogo(key: string | null | undefined): Logo | null {
  if (!key || !isBrandKey(key)) return null;
  if (!cache.has(key)) {
    try {
      cache.set(key, parseLogo(readFileSync(`${publicDir}${getBrand(key).logo.replace(/^\/+/, '')}`, 'utf8')));
    } catch {
      cache.set(key, null);
    }
  }
  return cache.get(key) ?? null;
}

/** Draws the logo with its top-left corner at (x, y), `height` points high. */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Logo, x: number, y: number, height: number) {
  const scale = height / logo.height;
  doc.save();
  doc.translate(x, y).scale(scale);
  for (const { kind, attributes: a } of logo.shapes) {
    if (kind === 'circle') doc.circle(Number(a.cx), Number(a.cy), Number(a.r));
    else if (kind === 'rect')
      doc.roundedRect(Number(a.x ?? 0), Number(a.y ?? 0), Number(a.width), Number(a.height), Number(a.rx ?? 0));
    else doc.path(a.d ?? '');
    // SVG fills black when no fill is given.
    const fill = a.fill === 'none' ? null : (a.fill ?? '#000');
    const stroke = a.stroke && a.stroke !== 'none' ? a.stroke : null;
    if (stroke) {
      doc.lineWidth(Number(a['stroke-width'] ?? 1)).lineCap(a['stroke-linecap'] === 'round' ? 'round' : 'butt');
    }
    if (fill && stroke) doc.fillAndStroke(fill, stroke);
    else if (stroke) doc.stroke(stroke);
    else if (fill) doc.fill(fill);
  }
  const text = logo.text;
  if (text?.value) {
    doc.font(text.italic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold').fontSize(text.size);
    // Fit the name into the width the SVG gives it (textLength, lengthAdjust="spacingAndGlyphs"): glyphs stretched.
    const natural = doc.widthOfString(text.value);
    const scaling = text.length > 0 && natural > 0 ? (text.length / natural) * 100 : 100;
    // horizontalScaling is pdfkit's (0.15+), missing from its type definitions.
    const options = { lineBreak: false, horizontalScaling: scaling } as PDFKit.Mixins.TextOptions;
    doc.fillColor(text.fill).text(text.value, text.x, text.y - text.size * 0.8, options);
  }
  doc.restore();
}
