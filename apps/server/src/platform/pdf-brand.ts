/**
 * The shop's bull roundel drawn as vectors, so a document (a receipt, a recall) carries the brand without an image file.
 * The same shapes as the web's LogoMark (apps/web/src/components/brand/logo.tsx), on a 48-unit grid.
 */
const BRAND = '#8B1E1E';
const BONE = '#F3E6CC';
const GOLD = '#C69749';

export function drawLogoMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc.save();
  doc.translate(x, y).scale(size / 48);
  doc.circle(24, 24, 23).fill(BRAND);
  doc.circle(24, 24, 19.6).lineWidth(0.9).strokeOpacity(0.55).stroke(BONE);
  doc.strokeOpacity(1);
  doc.path('M20.2 22.6C15.4 22.6 11.6 20.2 10.8 14.2c2.6 3.5 5.7 4.7 9.9 5z').fill(BONE);
  doc.path('M27.8 22.6c4.8 0 8.6-2.4 9.4-8.4-2.6 3.5-5.7 4.7-9.9 5z').fill(BONE);
  doc.path('M18.4 20.2h11.2c0 6.8-1.6 12.4-5.6 15.8-4-3.4-5.6-9-5.6-15.8z').fill(BONE);
  doc.moveTo(21.3, 31.4).lineTo(26.7, 31.4).lineWidth(1.4).lineCap('round').stroke(BRAND);
  doc.circle(24, 10.4, 1.5).fill(GOLD);
  doc.restore();
}
