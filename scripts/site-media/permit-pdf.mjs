/** A one-page PDF of the shop's operating permit, written by hand (PDF 1.4, Helvetica, no dependencies). */

const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function permitPdf() {
  const lines = [
    ['F2', 20, 72, 760, 'KAMPALA CAPITAL CITY AUTHORITY'],
    ['F1', 12, 72, 740, 'Directorate of Public Health and Environment'],
    ['F2', 16, 72, 700, 'TRADING AND FOOD PREMISES OPERATING PERMIT'],
    ['F1', 11, 72, 670, 'Permit No: KCCA/PHE/FP/2026/04812'],
    ['F1', 11, 72, 652, 'Issued to: Kampala Prime Meats Ltd'],
    ['F1', 11, 72, 634, 'Premises: Plot 12, Bwaise Industrial Area, Kampala, Uganda'],
    ['F1', 11, 72, 616, 'Activity: Meat processing, cold storage, retail and delivery of meat products'],
    ['F1', 11, 72, 598, 'Valid from: 1 January 2026     Valid until: 31 December 2026'],
    ['F1', 11, 72, 562, 'This permit certifies that the premises named above have been inspected and found to meet'],
    ['F1', 11, 72, 546, 'the requirements of the Public Health Act and the Food and Drugs Act for the activity stated.'],
    ['F1', 11, 72, 530, 'It must be displayed in a conspicuous place on the premises and shown on request.'],
    ['F1', 11, 72, 494, 'Conditions: cold chain maintained at or below 4 C; staff medically certified; HACCP plan kept current.'],
    ['F1', 11, 72, 440, 'Signed: ______________________   Medical Officer of Health'],
    ['F1', 9, 72, 400, 'Demonstration document for the Kampala Prime Meats online shop.'],
  ];
  const content =
    lines.map(([f, size, x, y, text]) => `BT /${f} ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`).join('\n') +
    '\n0.55 0.1 0.1 RG 2 w 60 720 m 552 720 l S\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`,
    '<< /Title (Operating Permit - Kampala Prime Meats) /Producer (meatshop) >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
