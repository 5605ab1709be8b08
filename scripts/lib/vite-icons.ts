import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin, ResolvedConfig } from 'vite';
import { OG_IMAGE } from '../../src/prerender/seo.ts';

/** The brand teal the logo's square is drawn in (public/favicon.svg, the theme colour). */
const BRAND = '#0e7490';

/** The logo without its rounded square: the truck, to draw on a background of our own. */
function glyphOf(logo: string): string {
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(logo)?.[1];
  if (!inner) throw new Error('icons: public/favicon.svg is not an <svg> element');
  return inner.replace(/<rect\b[^>]*\/>/, '');
}

function png(svg: string, width: number): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
}

/** The truck centred on a full-bleed square, `scale` of its size: what a launcher may crop. */
const fullBleed = (glyph: string, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -33)">${glyph}</g></svg>`;

/**
 * The images an installed app and a link preview need, drawn from public/favicon.svg at build
 * time (D26) with resvg (a Rust renderer shipped as a prebuilt npm package, nothing downloaded):
 * 192 and 512 px icons, a maskable one whose truck stays inside the 80 % safe zone, the
 * 180 px apple-touch-icon (full bleed: iOS rounds the corners itself) and the 1200x630 Open
 * Graph image.
 */
export function icons(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'afsh-icons',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      if (config.build.ssr) return;
      const logo = await readFile(resolve(config.root, 'public/favicon.svg'), 'utf8');
      const glyph = glyphOf(logo);
      const og =
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${OG_IMAGE.width} ${OG_IMAGE.height}">` +
        `<rect width="${OG_IMAGE.width}" height="${OG_IMAGE.height}" fill="${BRAND}"/>` +
        `<g transform="translate(${OG_IMAGE.width / 2} ${OG_IMAGE.height / 2}) scale(7) translate(-32 -33)">${glyph}</g></svg>`;
      const files: Record<string, Buffer> = {
        'icons/icon-192.png': png(logo, 192),
        'icons/icon-512.png': png(logo, 512),
        'icons/maskable-512.png': png(fullBleed(glyph, 0.72), 512),
        'icons/apple-touch-icon.png': png(fullBleed(glyph, 0.8), 180),
        [OG_IMAGE.path.slice(1)]: png(og, OG_IMAGE.width),
      };
      for (const [fileName, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
