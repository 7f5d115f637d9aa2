/** Pages as the service worker's offline shell serves them: without their first data or markup. */
import type { Page } from '@playwright/test';

/**
 * From now on every page of `page` arrives without what the server puts in it (the session and first
 * data, the server-rendered markup; apps/server/src/modules/web/app-page.ts), so the app starts as it
 * does from the offline shell: it asks the server who is signed in.
 */
export async function withoutPageData(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="application\/json" id="boot-data">[\s\S]*?<\/script>/, '')
      .replace(/<div id="root" data-ssr[^>]*>[\s\S]*<\/div>\s*<noscript>/, '<div id="root"></div><noscript>');
    await route.fulfill({ response, body: html });
  });
}
