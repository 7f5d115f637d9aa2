/**
 * Product and category pictures drawn by us (no hot-linking): a warm, lit board with the cut drawn
 * in SVG, rendered by sharp to WebP and JPEG.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

type Shape = 'sausage' | 'coldcut' | 'steak' | 'pork' | 'poultry' | 'lamb';

const PALETTES: Record<Shape, { bg: [string, string]; meat: string; fat: string; accent: string }> = {
  sausage: { bg: ['#3b1f14', '#7a3b22'], meat: '#a8482c', fat: '#d98a5f', accent: '#5c7a3a' },
  coldcut: { bg: ['#2e2320', '#6b4a3b'], meat: '#c9606a', fat: '#f1c6c0', accent: '#7a8f4a' },
  steak: { bg: ['#1f1a17', '#4e2f25'], meat: '#8e1f22', fat: '#f2d7c4', accent: '#6b8e3a' },
  pork: { bg: ['#2b211d', '#6e4a3a'], meat: '#d97a72', fat: '#f7e2d6', accent: '#8a9a4a' },
  poultry: { bg: ['#2f2418', '#7b5a30'], meat: '#e3a86b', fat: '#f6dcb6', accent: '#6f8f3c' },
  lamb: { bg: ['#251c19', '#5e3a30'], meat: '#a3343a', fat: '#efd2c2', accent: '#718f3f' },
};

function cut(shape: Shape, p: (typeof PALETTES)[Shape], seed: number): string {
  const r = (n: number) => (Math.sin(seed * 9301 + n * 49297) + 1) / 2;
  switch (shape) {
    case 'sausage':
      return [0, 1, 2, 3]
        .map((i) => {
          const y = 300 + i * 70 + r(i) * 10;
          return `<g transform="rotate(${-12 + r(i + 5) * 8} 400 ${y})"><rect x="${170 + r(i) * 30}" y="${y}" width="${440 - r(i) * 40}" height="58" rx="29" fill="${p.meat}"/><rect x="${200 + r(i) * 30}" y="${y + 10}" width="${360 - r(i) * 40}" height="10" rx="5" fill="${p.fat}" opacity=".55"/></g>`;
        })
        .join('');
    case 'coldcut':
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<circle cx="${260 + i * 70}" cy="${400 + (i % 2) * 30}" r="120" fill="${p.meat}" stroke="${p.fat}" stroke-width="10"/>${[0, 1, 2].map((j) => `<circle cx="${230 + i * 70 + j * 25}" cy="${380 + j * 25}" r="9" fill="${p.fat}" opacity=".8"/>`).join('')}`,
        )
        .join('');
    case 'steak':
      return `<path d="M220 330 C260 230 520 220 590 300 C650 370 620 520 500 560 C380 600 230 560 200 460 C185 410 200 370 220 330Z" fill="${p.meat}" stroke="${p.fat}" stroke-width="22"/><path d="M300 360 C360 340 440 380 470 430" stroke="${p.fat}" stroke-width="8" fill="none" opacity=".6"/><path d="M280 450 C340 430 420 470 520 470" stroke="${p.fat}" stroke-width="6" fill="none" opacity=".5"/>`;
    case 'pork':
      return `<rect x="190" y="300" width="420" height="230" rx="40" fill="${p.meat}"/><rect x="190" y="300" width="420" height="55" rx="28" fill="${p.fat}"/><rect x="190" y="420" width="420" height="26" fill="${p.fat}" opacity=".7"/>`;
    case 'poultry':
      return `<ellipse cx="360" cy="420" rx="150" ry="115" fill="${p.meat}"/><rect x="470" y="395" width="150" height="38" rx="19" fill="${p.fat}" transform="rotate(-20 470 395)"/><circle cx="622" cy="345" r="26" fill="${p.fat}"/><circle cx="640" cy="372" r="24" fill="${p.fat}"/><ellipse cx="330" cy="390" rx="70" ry="40" fill="#f3c48f" opacity=".5"/>`;
    case 'lamb':
      return [0, 1, 2]
        .map(
          (i) =>
            `<g transform="translate(${i * 120} ${i % 2 ? 30 : 0})"><ellipse cx="250" cy="420" rx="95" ry="75" fill="${p.meat}" stroke="${p.fat}" stroke-width="14"/><rect x="300" y="395" width="120" height="22" rx="11" fill="#f7efe4"/></g>`,
        )
        .join('');
  }
}

export function productSvg(shape: Shape, seed: number, size = 800): string {
  const p = PALETTES[shape];
  const herbs = Array.from({ length: 7 }, (_, i) => {
    const a = (seed + i) * 2.3;
    const x = 400 + Math.cos(a) * 300;
    const y = 420 + Math.sin(a) * 250;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="16" ry="7" fill="${p.accent}" transform="rotate(${(a * 57).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${p.bg[1]}"/><stop offset="1" stop-color="${p.bg[0]}"/></radialGradient>
<radialGradient id="board" cx="45%" cy="40%" r="70%"><stop offset="0" stop-color="#c89a6a"/><stop offset="1" stop-color="#8b5e3c"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="440" rx="340" ry="290" fill="#000" opacity=".25"/>
<ellipse cx="400" cy="420" rx="330" ry="280" fill="url(#board)"/>
<ellipse cx="400" cy="420" rx="300" ry="250" fill="none" stroke="#6d4428" stroke-width="3" opacity=".4"/>
${cut(shape, p, seed)}${herbs}
<circle cx="600" cy="250" r="5" fill="#fff" opacity=".6"/><circle cx="230" cy="560" r="4" fill="#fff" opacity=".5"/>
</svg>`;
}

/**
 * Renders a drawing to WebP. The result is cached on disk by the drawing's hash: the pictures never
 * change for the same drawing, and every test database and fresh start seeds the same sixty of them.
 */
export async function renderProductImage(shape: Shape, seed: number) {
  const svg = productSvg(shape, seed);
  const file = path.join(CACHE_DIR, `${createHash('sha1').update(svg).digest('hex')}.webp`);
  try {
    return { webp: await readFile(file) };
  } catch {}
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(`${file}.${process.pid}.tmp`, webp);
  await rename(`${file}.${process.pid}.tmp`, file);
  return { webp };
}

const CACHE_DIR = path.join(os.tmpdir(), 'meatshop-image-cache');

export type { Shape };
