/**
 * A refund end to end in the browser: the customer pays a card order on the simulator, an admin
 * refunds part of it through the provider from the order dialog, then the rest in cash at an outlet
 * (the provider takes one refund per payment, and the dialog says so), records the cash paid back,
 * and the customer's order page reads Refunded with both refunds listed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { placeDemoOrder } from '../../support/orders';
import { demo, signInByApi } from '../../support/session';
import { adminPage } from './admin-session';

const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

/** A card order of the demo customer, paid on the simulator's page as a customer would. */
async function paidCardOrder(page: Page) {
  const id = await placeDemoOrder(page.request, 'card');
  const start = await page.request.post('/api/payments/initiate', { data: { orderId: id } });
  expect(start.ok(), await start.text()).toBe(true);
  await page.goto((await start.json()).paymentUrl);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  return (await (await page.request.get(`/api/orders/${id}`)).json()).order as { id: string; totalAmount: number };
}

test('an admin refunds a paid order in part, then the rest in cash; the customer sees Refunded', async ({ browser }) => {
  test.setTimeout(300_000);
  const customerCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerCtx.newPage();
  await signInByApi(customer, demo.customer);
  const order = await paidCardOrder(customer);
  const number = order.id.slice(0, 8).toUpperCase();

  const admin = await adminPage(browser, { width: 1366, height: 900 });
  await admin.goto('/admin/orders');
  await admin
    .getByRole('button', { name: `View order ${number}` })
    .first()
    .click();
  const detail = admin.getByRole('dialog');
  const refunds = detail.getByTestId('order-refunds');
  await refunds.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = detail.getByRole('form', { name: 'Refund this order' });
  await expect(form.getByText('Left to refund')).toBeVisible();
  await expect(form.getByLabel('Amount (UGX)')).toHaveValue(String(order.totalAmount));

  // Never more than is left, and a reason is needed: said before anything is sent.
  await form.getByLabel('Amount (UGX)').fill(String(order.totalAmount + 1));
  await form.getByRole('button', { name: /^Refund/ }).click();
  await expect(form.getByText(`At most ${ugx(order.totalAmount)} can still be refunded on this order.`)).toBeVisible();
  await expect(form.getByText('Choose a reason')).toHaveCount(2); // the placeholder option and the error

  const part = Math.floor(order.totalAmount / 3);
  await form.getByLabel('Amount (UGX)').fill(String(part));
  await form.getByLabel('Reason').selectOption('missing_item');
  await form.getByLabel('Note (optional)').fill('One pack of sausages was missing');
  // Corrected fields lose their messages at once.
  await expect(form.getByLabel('Amount (UGX)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Reason')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Choose a reason')).toHaveCount(1);
  await admin.screenshot({ path: test.info().outputPath('refund-dialog-1366.png') });
  await form.getByRole('button', { name: `Refund ${ugx(part)}` }).click();
  await expect(admin.getByText(`${ugx(part)} refunded`).first()).toBeVisible();
  const rows = refunds.getByTestId('refund-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Refunded');
  await expect(rows.first()).toContainText('Card');
  await expect(detail.getByText('Card · Partially Refunded')).toBeVisible();

  // The rest: the provider takes one refund per payment, and the server's words are shown.
  const rest = order.totalAmount - part;
  await refunds.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(form.getByLabel('Amount (UGX)')).toHaveValue(String(rest));
  await form.getByLabel('Reason').selectOption('goodwill');
  await form.getByRole('button', { name: `Refund ${ugx(rest)}` }).click();
  await expect(form.getByRole('alert')).toContainText('The payment provider takes one refund per payment');
  await form.getByText('Pay back in cash at an outlet').click();
  await form.getByRole('button', { name: `Refund ${ugx(rest)}` }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Requested');
  await admin.screenshot({ path: test.info().outputPath('refund-list-1366.png') });

  await rows.nth(1).getByRole('button', { name: 'Record cash paid back' }).click();
  await rows.nth(1).getByLabel('Paid back at').selectOption({ index: 1 });
  await rows.nth(1).getByRole('button', { name: 'Cash paid back' }).click();
  await expect(rows.nth(1)).toContainText('Refunded');
  await expect(detail.getByText('Card · Refunded')).toBeVisible();
  await expect(refunds.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  // The same dialog on a phone.
  const phone = await adminPage(browser, { width: 390, height: 844 });
  await phone.goto('/admin/orders');
  await phone
    .getByRole('button', { name: `View order ${number}` })
    .first()
    .click();
  await phone.getByRole('dialog').getByTestId('order-refunds').scrollIntoViewIfNeeded();
  await expect(phone.getByRole('dialog').getByTestId('refund-row')).toHaveCount(2);
  await phone.screenshot({ path: test.info().outputPath('refund-list-390.png') });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The customer's order page.
  await customer.goto(`/orders/${order.id}`);
  await expect(customer.getByTestId('payment-status').first()).toHaveText('Refunded');
  const list = customer.getByTestId('customer-refunds');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(ugx(part));
  await expect(list).toContainText(ugx(rest));
  await expect(list).toContainText('Sent back to your card');
  await expect(list).toContainText('Paid back in cash');
  await list.scrollIntoViewIfNeeded();
  await customer.screenshot({ path: test.info().outputPath('customer-refunds-390.png'), fullPage: true });
  await customer.setViewportSize({ width: 1366, height: 900 });
  await list.scrollIntoViewIfNeeded();
  await customer.screenshot({ path: test.info().outputPath('customer-refunds-1366.png'), fullPage: true });

  await Promise.all([customerCtx.close(), admin.context().close(), phone.context().close()]);
});

test('the refund form on a phone fits without sideways scrolling and passes axe', async ({ browser }) => {
  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  await signInByApi(customer, demo.customer);
  const order = await paidCardOrder(customer);

  const phone = await adminPage(browser, { width: 390, height: 844 });
  await phone.goto('/admin/orders');
  await phone
    .getByRole('button', { name: `View order ${order.id.slice(0, 8).toUpperCase()}` })
    .first()
    .click();
  const detail = phone.getByRole('dialog');
  await detail.getByTestId('order-refunds').getByRole('button', { name: 'Refund', exact: true }).click();
  const form = detail.getByRole('form', { name: 'Refund this order' });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByText(`Up to ${ugx(order.totalAmount)}`)).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('refund-dialog-390.png') });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  expect((await new AxeBuilder({ page: phone }).withTags(wcag).include('[data-testid="order-refunds"]').analyze()).violations).toEqual([]);
  await Promise.all([customerCtx.close(), phone.context().close()]);
});
