// Draws the web game's app icons (web/icons/, committed; the manifest names them) from the page's own icon: the SVG
// of web/index.html's <link rel="icon">, the same drawing as the desktop window's icon (icon_rgba in src/window.rs).
// Rendered by Debian's Chromium through playwright-core, as the browser test runs it: 192 and 512 pixels on a
// transparent ground, and a maskable 512 whose drawing lies inside the safe zone on the page's background.
// Run again after changing the icon: node web/make_icons.mjs
import { readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = dirname(fileURLToPath(import.meta.url));
const page = readFileSync(join(web, 'index.html'), 'utf8');
const svg = page.match(/<link rel="icon" href="(data:image\/svg\+xml,[^"]+)"/)?.[1];
if (!svg) throw new Error('web/index.html has no <link rel="icon"> with an SVG');
// The page's background (its <body>'s), which the maskable icon fills its square with.
const background = page.match(/html, body \{[^}]*background: (#[0-9a-fA-F]{6})/)?.[1];
if (!background) throw new Error('web/index.html has no background colour on html, body');

// A maskable icon may be cut to any shape holding the circle of 80% of its width round its centre. The drawing (the
// SVG's 64 units) has its frame from 2 to 62, corners rounded by 8: its farthest points, on those corners, lie
// (30 - 8) * sqrt(2) + 8 = 39.1 units from the centre, so the drawing at 0.65 of the icon keeps them within
// 0.65 * 39.1 / 64 = 0.397 of the icon's width (the pieces reach 35.6 units).
const MASKABLE_DRAWING = 0.65;

const icons = [
  { file: 'icon-192.png', size: 192, drawing: 1, ground: 'transparent' },
  { file: 'icon-512.png', size: 512, drawing: 1, ground: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, drawing: MASKABLE_DRAWING, ground: background },
];

mkdirSync(join(web, 'icons'), { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, drawing, ground } of icons) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    const side = Math.round(size * drawing);
    await tab.setContent(`<body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;
      justify-content:center;background:${ground}"><img src="${svg}" width="${side}" height="${side}"></body>`);
    await tab.waitForFunction(() => document.images[0].complete);
    await tab.screenshot({ path: join(web, 'icons', file), omitBackground: ground === 'transparent' });
    await tab.close();
    console.log(`web/icons/${file}: ${size} px`);
  }
} finally {
  await browser.close();
}
