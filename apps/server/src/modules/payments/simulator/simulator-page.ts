/**
 * The simulator's hosted payment page, rendered on the server as plain HTML with forms (no
 * scripts: the CSP allows only our own files, and nothing here needs one). Styled like the shop.
 */
import { SHOP } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { SIMULATOR_DECLINE_PIN } from '@meatshop/shared/payments';
import type { SimulatorTransaction } from './simulator.repository.ts';

const METHOD_TITLE: Record<string, string> = { mtn_money: 'MTN Mobile Money', airtel_money: 'Airtel Money', card: 'Card' };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function displayPhone(p: string | null) {
  if (!p) return '';
  const local = p.startsWith('+256') ? `0${p.slice(4)}` : p;
  return local.replace(/^(\d{4})(\d{3})(\d+)$/, '$1 $2 $3');
}

export function returnUrl(tx: SimulatorTransaction) {
  const q = new URLSearchParams({
    OrderTrackingId: tx.trackingId,
    OrderMerchantReference: tx.merchantReference,
    OrderNotificationType: 'CALLBACKURL',
  });
  return `${tx.callbackUrl}?${q}`;
}

export function renderSimulatorPage(tx: SimulatorTransaction, opts: { error?: string } = {}) {
  const method = METHOD_TITLE[tx.method] ?? tx.method;
  const mobile = tx.method !== 'card';
  const action = `/pay/simulator/${tx.trackingId}`;
  const rows = [
    ['Merchant', SHOP.name],
    ['Amount', formatUGX(tx.amount)],
    ['Payment method', method],
    ...(mobile ? [['Phone', displayPhone(tx.phone)]] : []),
    ['Reference', tx.merchantReference],
  ] as const;

  let body: string;
  if (tx.status === 'reversed') {
    // The shop's refund, approved at once by the simulator: what Pesapal's REVERSED would mean.
    body = `
      <div class="result refunded" role="status">
        <strong>Payment refunded</strong>
        <p>${esc(formatUGX(tx.refundedAmount))} was returned to the payer${tx.refundRemarks ? `: ${esc(tx.refundRemarks)}` : '.'}</p>
      </div>
      <a class="btn primary" href="${esc(returnUrl(tx))}">Return to ${esc(SHOP.name)}</a>`;
  } else if (tx.status !== 'pending') {
    const ok = tx.status === 'completed';
    body = `
      <div class="result ${ok ? 'ok' : 'bad'}" role="status">
        <strong>${ok ? 'Payment approved' : 'Payment not completed'}</strong>
        <p>${esc(tx.statusDescription ?? '')}</p>
      </div>
      <a class="btn primary" href="${esc(returnUrl(tx))}">Return to ${esc(SHOP.name)}</a>`;
  } else if (mobile) {
    body = `
      <form method="post" action="${action}" class="prompt" aria-labelledby="prompt-title">
        <div class="phone">
          <p class="network">${esc(method)}</p>
          <h2 id="prompt-title">Approve payment</h2>
          <p>Pay <strong>${esc(formatUGX(tx.amount))}</strong> to <strong>${esc(SHOP.name)}</strong>. Enter your PIN to confirm.</p>
          <label for="pin">Mobile money PIN</label>
          <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="one-time-code"
            pattern="[0-9]{4}" minlength="4" maxlength="4" required placeholder="••••"${opts.error ? ' aria-invalid="true" aria-describedby="pin-error"' : ''}>
          ${opts.error ? `<p id="pin-error" class="error">${esc(opts.error)}</p>` : ''}
        </div>
        <button class="btn primary" type="submit" name="decision" value="approve">Confirm payment</button>
      </form>
      <form method="post" action="${action}"><button class="btn ghost" type="submit" name="decision" value="cancel">Cancel payment</button></form>
      <p class="hint">Test mode: any 4 digits approve; PIN <code>${SIMULATOR_DECLINE_PIN}</code> declines.</p>`;
  } else {
    body = `
      <div class="card-box">
        <p class="network">Test card</p>
        <p class="card-number">VISA •••• •••• •••• 0010</p>
        <p>Approve to pay <strong>${esc(formatUGX(tx.amount))}</strong> to <strong>${esc(SHOP.name)}</strong>.</p>
      </div>
      <form method="post" action="${action}" class="actions">
        <button class="btn primary" type="submit" name="decision" value="approve">Approve payment</button>
        <button class="btn ghost" type="submit" name="decision" value="decline">Decline payment</button>
      </form>
      <p class="hint">Test mode: choose whether the bank approves or declines.</p>`;
  }

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${esc(formatUGX(tx.amount))} · ${esc(SHOP.name)}</title>
<link rel="icon" href="/favicon.svg">
<style>${CSS}</style>
</head>
<body>
<main>
  <header><span class="brand">${esc(SHOP.name)}</span><span class="badge">Test payment</span></header>
  <section class="panel">
    <h1>Secure payment</h1>
    <dl>${rows.map(([k, v]) => `<div><dt>${k}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>
    ${body}
  </section>
  <p class="foot">Payment simulator: no real money moves. The shop verifies this payment the same way it verifies Pesapal's.</p>
</main>
</body>
</html>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#fbf8f4;color:#1f1b18;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:440px;margin:0 auto;padding:20px 16px 40px}
header{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.brand{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-size:1.2rem;font-weight:700;color:#8b1e1e}
.badge{font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fbf0d9;color:#8a5a00;border-radius:999px;padding:4px 10px}
.panel{background:#fff;border:1px solid #e7ded3;border-radius:20px;padding:20px;box-shadow:0 1px 2px rgb(31 27 24/.04),0 8px 24px -12px rgb(31 27 24/.12)}
h1{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-size:1.5rem;margin:0 0 12px}
h2{font-size:1.1rem;margin:4px 0 8px}
dl{margin:0 0 20px;display:grid;gap:8px}
dl div{display:flex;justify-content:space-between;gap:12px;border-bottom:1px dashed #e7ded3;padding-bottom:8px}
dt{color:#635950}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.phone,.card-box{background:#f4eee6;border-radius:16px;padding:16px;margin-bottom:14px}
.network{margin:0;font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:#9b2a25}
.card-number{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.05rem;margin:6px 0}
label{display:block;font-weight:600;margin:12px 0 6px}
input{width:100%;font-size:1.6rem;letter-spacing:.6em;text-align:center;padding:10px;border:1px solid #d6cabb;border-radius:12px;background:#fff}
input:focus{outline:3px solid #ebbdb5;border-color:#9b2a25}
.error{color:#a3241f;font-weight:600;margin:8px 0 0}
.btn{display:block;width:100%;min-height:48px;border-radius:999px;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;padding:12px 16px;margin-top:10px;border:1px solid transparent}
.primary{background:#8b1e1e;color:#fff}.primary:hover{background:#701818}
.ghost{background:#fff;color:#8b1e1e;border-color:#d6cabb}.ghost:hover{background:#fbf1ef}
.actions{display:grid;gap:0}
.hint{font-size:.85rem;color:#635950;margin:14px 0 0;text-align:center}
code{background:#f4eee6;border-radius:6px;padding:1px 6px}
.result{border-radius:16px;padding:16px;margin-bottom:6px}.result p{margin:4px 0 0}
.result.ok{background:#e3f2e8;color:#1f6f43}.result.refunded{background:#f4eee6;color:#1f1b18}.result.bad{background:#fbe5e3;color:#a3241f}
.foot{font-size:.8rem;color:#635950;text-align:center;margin-top:16px}
`;
