/**
 * The HTML part of every email the shop sends, made from the same subject and plain text the outbox
 * keeps (what the admin reads is what the customer got): the shop's name as a header, one paragraph
 * per blank-line-separated block, links clickable, and the shop's address and contacts at the foot.
 * Tables and inline styles only, because mail programs drop style sheets and most of CSS layout.
 */
import { SHOP } from '@meatshop/shared/constants';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** http(s) addresses in already-escaped text; a trailing full stop or comma ends the sentence, not the link. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+?(?=[.,;:!?)]*(?:\s|$))/g;

function paragraph(block: string) {
  const html = escapeHtml(block)
    .replace(URL_IN_TEXT, (url) => `<a href="${url}" style="color:#b91c1c;word-break:break-all">${url}</a>`)
    .replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px">${html}</p>`;
}

export function emailHtml(subject: string, text: string): string {
  const body = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map(paragraph)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#7f1d1d;border-radius:8px 8px 0 0;color:#ffffff;font:bold 20px Arial,Helvetica,sans-serif">${escapeHtml(SHOP.name)}</td></tr>
<tr><td style="padding:24px;color:#1c1917;font:16px/1.5 Arial,Helvetica,sans-serif">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;color:#78716c;font:13px/1.5 Arial,Helvetica,sans-serif">${escapeHtml(SHOP.address)}<br>${escapeHtml(SHOP.phone)} · <a href="mailto:${SHOP.email}" style="color:#78716c">${SHOP.email}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
