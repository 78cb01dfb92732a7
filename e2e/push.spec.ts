import { expect, type Page, type Request, test } from './fixtures';
import { newUser, registerThroughUi, watchForErrors } from './helpers.ts';

/**
 * Headless Chromium has no push service (pushManager.subscribe fails), so most tests here put a
 * stand-in push service in the page: subscribe answers a subscription with an https endpoint, as a
 * browser's push service would. Optionally the notification permission is set too (Playwright can
 * grant it, but not leave it 'default' or deny it).
 */
async function fakePushService(
  page: Page,
  permission?: { state: 'default' | 'denied'; answer: 'granted' | 'denied' },
): Promise<string> {
  const endpoint = `https://push.example.test/send/${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ stub, endpoint }) => {
      const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: {
            applicationServerKey: key instanceof Uint8Array ? key.buffer : null,
            userVisibleOnly: true,
          },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        current = subscription as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
      if (stub) {
        let state: NotificationPermission = stub.state;
        Object.defineProperty(Notification, 'permission', { configurable: true, get: () => state });
        Notification.requestPermission = async () => {
          state = stub.answer;
          return state;
        };
      }
    },
    { stub: permission, endpoint },
  );
  return endpoint;
}

const isDevices = (method: string) => (request: Request) =>
  new URL(request.url()).pathname === '/api/devices' && request.method() === method;

/** The script urls of the page's service worker registrations. */
function workerScripts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    return registrations.map(
      (registration) =>
        (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL ?? '',
    );
  });
}

test.describe('notifications granted', () => {
  test.use({ permissions: ['notifications'] });

  test('signing in registers the push worker and stores the subscription; logout removes it', async ({
    page,
    context,
  }) => {
    const problems = await watchForErrors(page);
    const endpoint = await fakePushService(page);
    const registered = page.waitForRequest(isDevices('POST'));
    await registerThroughUi(page, newUser('push'));
    const post = await registered;
    expect(post.postDataJSON()).toEqual({
      deviceToken: {
        endpoint,
        expirationTime: null,
        keys: expect.objectContaining({ auth: 'a'.repeat(22) }),
      },
    });
    expect((await post.response())?.status()).toBe(204);
    await expect.poll(() => workerScripts(page)).toEqual([expect.stringMatching(/\/push-sw\.js$/)]);

    // A stale worker of an older version is unregistered on load; ours stays.
    await context.route('**/stale-sw.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('fetch', () => {});" }),
    );
    await page.evaluate(() => navigator.serviceWorker.register('/stale-sw.js', { scope: '/stale/' }));
    await expect.poll(() => workerScripts(page)).toHaveLength(2);
    const registeredAgain = page.waitForRequest(isDevices('POST'));
    await page.reload();
    await registeredAgain;
    await expect.poll(() => workerScripts(page)).toEqual([expect.stringMatching(/\/push-sw\.js$/)]);

    await page.goto('/profile');
    const removed = page.waitForRequest(isDevices('DELETE'));
    await page.getByRole('button', { name: 'Log out' }).click();
    const deleteRequest = await removed;
    expect(deleteRequest.postDataJSON()).toMatchObject({ deviceToken: { endpoint } });
    expect((await deleteRequest.response())?.status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    expect(problems).toEqual([]);
  });

  test('the push worker shows a delivered push with its text, tag, icon and link', async ({
    page,
    context,
  }) => {
    await fakePushService(page);
    const registered = page.waitForRequest(isDevices('POST'));
    await registerThroughUi(page, newUser('pushshow'));
    await registered;

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL.endsWith('/'));
        if (ours && !ours.isDeleted) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const message = {
      title: 'Convene',
      body: 'Ana invited you to the calendar Team',
      url: '/activity/requests',
      tag: 'n42',
    };
    // The push goes to an active worker: one delivered while the worker is still installing can be
    // dropped (seen once in CI under load).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const deliver = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(page.url()).origin,
        registrationId: await registrationId,
        data: JSON.stringify(message),
      });
    await deliver();

    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const notifications = await registration.getNotifications();
        return notifications.map((item) => ({
          title: item.title,
          body: item.body,
          tag: item.tag,
          icon: new URL(item.icon).pathname,
          url: (item.data as { url: string }).url,
        }));
      });
    // Delivering again is harmless (the same tag replaces the notification), so a slow worker
    // gets the push once more instead of failing the test.
    let polls = 0;
    const shownAfterRedelivery = async () => {
      polls += 1;
      if (polls % 10 === 0) await deliver();
      return shown();
    };
    await expect.poll(shownAfterRedelivery, { timeout: 20_000 }).toEqual([
      {
        title: 'Convene',
        body: message.body,
        tag: 'n42',
        icon: '/push-icon.png',
        url: new URL('/activity/requests', page.url()).href,
      },
    ]);
  });

  test('without a push service (headless Chromium) the app says so once and goes on without push', async ({
    page,
  }) => {
    const problems = await watchForErrors(page);
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (isDevices('POST')(request)) posts.push(request);
    });
    await registerThroughUi(page, newUser('nopush'));
    await expect.poll(() => workerScripts(page)).toEqual([expect.stringMatching(/\/push-sw\.js$/)]);
    // Notifications are allowed, but pushManager.subscribe is refused: the person is told.
    const failed = page.getByText('Notifications could not be turned on in this browser.');
    await expect(failed).toBeVisible();
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /Activity/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Turn on notifications' })).toHaveCount(0);
    // Once: the next visit tries again, quietly.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(failed).toHaveCount(0);
    expect(posts).toEqual([]);
    // Chromium itself logs why it refuses (Playwright's contexts count as incognito); the app logs nothing.
    expect(
      problems.filter((problem) => !problem.includes('does not support the Push API in incognito')),
    ).toEqual([]);
  });
});

test('the in-app prompt: Not now is remembered, Enable asks the browser and registers', async ({ page }) => {
  await fakePushService(page, { state: 'default', answer: 'granted' });
  await registerThroughUi(page, newUser('prompt'));
  await page.goto('/activity');
  const prompt = page.getByRole('region', { name: 'Turn on notifications' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await page.evaluate(() => localStorage.removeItem('convene.pushPromptDismissed'));
  await page.reload();
  await expect(prompt).toBeVisible();
  const registered = page.waitForRequest(isDevices('POST'));
  await prompt.getByRole('button', { name: 'Enable' }).click();
  expect((await (await registered).response())?.status()).toBe(204);
  await expect(page.getByText('Notifications are on for this browser.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test.describe('Romanian, narrow screen', () => {
  test.use({ locale: 'ro-RO', viewport: { width: 390, height: 844 } });

  test('the prompt in Romanian; a refusal in the browser is said and nothing is registered', async ({
    page,
  }) => {
    await fakePushService(page, { state: 'default', answer: 'denied' });
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (isDevices('POST')(request)) posts.push(request);
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Creează un cont' }).click();
    const user = newUser('ro-prompt');
    await page.getByLabel('Nume').fill(user.name);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Parolă', { exact: true }).fill(user.password);
    await page.locator('altcha-widget').locator('input[type="checkbox"]').click();
    await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Înregistrare' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/activity');
    const prompt = page.getByRole('region', { name: 'Activează notificările' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Activează' }).click();
    await expect(page.getByText('Notificările sunt blocate.', { exact: false })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(posts).toEqual([]);
  });
});

test('a browser where notifications are denied shows no prompt and registers nothing', async ({ page }) => {
  await fakePushService(page, { state: 'denied', answer: 'denied' });
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (isDevices('POST')(request)) posts.push(request);
  });
  await registerThroughUi(page, newUser('denied'));
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Turn on notifications' })).toHaveCount(0);
  expect(posts).toEqual([]);
});
