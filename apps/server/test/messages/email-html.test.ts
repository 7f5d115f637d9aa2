/** The HTML part of the shop's emails: the same words as the text part, escaped, with working links. */
import { describe, expect, it } from 'vitest';
import { emailHtml } from '../../src/modules/messages/email-html.ts';

describe('email HTML', () => {
  it('puts each block of the text in a paragraph, under the shop name, with its line breaks', () => {
    const html = emailHtml(
      'Kampala Prime Meats: Order #AB12CD34 received',
      'Hello Amina,\n\nWe received your order.\nDelivery: today.\n\nKampala Prime Meats',
    );
    expect(html).toContain('<title>Kampala Prime Meats: Order #AB12CD34 received</title>');
    expect(html).toContain('<p style="margin:0 0 16px">Hello Amina,</p>');
    expect(html).toContain('We received your order.<br>Delivery: today.</p>');
    expect(html.match(/<p /g)).toHaveLength(3);
  });

  it('escapes what a customer typed, so a name cannot add markup', () => {
    const html = emailHtml('Hi', 'Hello <img src=x onerror=alert(1)> & "friends",');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; &quot;friends&quot;,');
    expect(html).not.toContain('<img');
  });

  it('makes addresses links, leaving a sentence’s full stop outside', () => {
    const link = 'https://shop.example.ug/reset-password?token=abc_DEF-123&x=1';
    const html = emailHtml('Reset', `Open this link:\n\n${link}\n\nOr sign in at https://shop.example.ug.`);
    expect(html).toContain(`<a href="https://shop.example.ug/reset-password?token=abc_DEF-123&amp;x=1"`);
    expect(html).toContain('>https://shop.example.ug</a>.</p>');
  });
});
