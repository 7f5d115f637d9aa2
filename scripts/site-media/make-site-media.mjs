#!/usr/bin/env node
/**
 * Renders the home hero slides (WebP) and, when ffmpeg is present, the looping home video (MP4,
 * under 1 MB). The outputs are committed under apps/web/public/site, so builds and CI need neither
 * this script nor ffmpeg. Run: node scripts/site-media/make-site-media.mjs
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { board, grill, platter } from './drawings.mjs';
import { permitPdf } from './permit-pdf.mjs';

const out = path.resolve(import.meta.dirname, '../../apps/web/public/site');
mkdirSync(out, { recursive: true });

const slides = { 'hero-grill': grill(), 'hero-board': board(), 'hero-platter': platter() };
for (const [name, svg] of Object.entries(slides)) {
  await sharp(Buffer.from(svg))
    .resize(1600, 700)
    .webp({ quality: 72 })
    .toFile(path.join(out, `${name}.webp`));
  await sharp(Buffer.from(svg))
    .resize(800, 350)
    .webp({ quality: 70 })
    .toFile(path.join(out, `${name}-800.webp`));
  console.log(name, statSync(path.join(out, `${name}.webp`)).size);
}
writeFileSync(path.join(out, 'operating-permit.pdf'), permitPdf());
await sharp(Buffer.from(grill(1200, 630)))
  .resize(1200, 630)
  .jpeg({ quality: 78, mozjpeg: true })
  .toFile(path.join(out, 'og-image.jpg'));

if (spawnSync('ffmpeg', ['-version']).status === 0) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'grill-frames-'));
  const frames = 24 * 6;
  for (let i = 0; i < frames; i++) {
    const t = i / frames;
    const svg = grill(960, 420, (Math.sin(t * Math.PI * 2 * 3) + 1) / 2, t);
    await sharp(Buffer.from(svg))
      .resize(960, 420)
      .png({ compressionLevel: 1 })
      .toFile(path.join(tmp, `f${String(i).padStart(4, '0')}.png`));
  }
  const video = path.join(out, 'grill-loop.mp4');
  const r = spawnSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      '24',
      '-i',
      path.join(tmp, 'f%04d.png'),
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '30',
      '-preset',
      'slow',
      '-movflags',
      '+faststart',
      '-an',
      video,
    ],
    { stdio: 'inherit' },
  );
  rmSync(tmp, { recursive: true, force: true });
  if (r.status === 0) console.log('grill-loop.mp4', statSync(video).size);
} else {
  console.log('ffmpeg not found: video not rendered (the committed one is kept)');
}
