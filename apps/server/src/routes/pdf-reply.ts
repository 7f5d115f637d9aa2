/** Generated files (PDF, CSV) as downloads that no shared cache or browser keeps: they name a business and its debts. */
import type { FastifyReply } from 'fastify';

export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.pdf);
}

export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}
