/**
 * A test shop paying through the fake Pesapal (1 s provider time-out, a fake that can be told to
 * hang for 3 s), with the demo customer and admin signed in.
 */
import { createTestApp, type Driver, loginAs, type TestContext } from '../helpers.ts';
import { FAKE_KEY, FAKE_SECRET, type FakePesapal, startFakePesapal } from './fake-pesapal.ts';

export async function startPesapalShop(driver: Driver): Promise<{ t: TestContext; fake: FakePesapal; customer: string; admin: string }> {
  const fake = await startFakePesapal({ timeoutDelayMs: 3_000 });
  const t = await createTestApp(driver, {
    env: {
      PESAPAL_CONSUMER_KEY: FAKE_KEY,
      PESAPAL_CONSUMER_SECRET: FAKE_SECRET,
      PESAPAL_BASE_URL: fake.baseUrl,
      PESAPAL_TIMEOUT_MS: '1000',
    },
  });
  return { t, fake, customer: await loginAs(t.app, 'customer'), admin: await loginAs(t.app, 'admin') };
}
