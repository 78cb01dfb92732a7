/** A video sent in a chat: A attaches a small real WebM, B sees it as a player (wide en, narrow ro). */
import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { callApi, storedAccount } from './profileHelpers.ts';

/** A tiny real WebM made in the page: a canvas recorded for a moment with MediaRecorder. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d');
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 6; frame += 1) {
      if (context) {
        context.fillStyle = frame % 2 ? '#1565c0' : '#ef6c00';
        context.fillRect(0, 0, 64, 36);
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

test('A sends a video; B sees a player and the word Videoclip in the list; phones get a Video/Photo menu', async ({
  browser,
}) => {
  const alice = await signUp(browser, 'alice');
  const bob = await signUp(browser, 'bob', { locale: 'ro-RO', viewport: { width: 390, height: 844 } });
  const { userId } = await storedAccount(bob.page);
  const created = await callApi(alice.page, 'POST', '/api/conversations', { type: '1to1', users: [userId] });
  expect(created.status).toBe(200);
  const { conversationId } = created.body as { conversationId: string };

  const a = alice.page;
  await a.goto(`/chat/conversation/${conversationId}`);
  const webm = await recordWebm(a);
  expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  // Wide screens: one picker for photos and videos.
  const input = a.locator('input[type="file"]');
  await expect(input).toHaveAttribute('accept', /video\/webm/);
  await expect(input).toHaveAttribute('accept', /image\/jpeg/);
  await input.setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
  await expect(a.getByRole('button', { name: 'clip.webm' })).toBeVisible();
  // A file alone can be sent: the Send button is enabled without text.
  await a.getByRole('button', { name: 'Send' }).click();

  const aliceLog = a.getByRole('log', { name: 'Messages' });
  const aliceVideo = aliceLog.locator('video');
  await expect(aliceVideo).toHaveAttribute(
    'src',
    /^\/media\/videos\/chat\/[0-9a-f]{32}\/[0-9a-f]{32}\.webm$/,
  );
  const src = (await aliceVideo.getAttribute('src')) ?? '';
  expect((await a.request.get(src)).headers()['content-type']).toBe('video/webm');

  // B's list previews it as a word, not a url.
  const b = bob.page;
  await b.goto('/chat');
  const row = b.getByRole('list', { name: 'Conversații' }).getByRole('link', { name: /Test alice/ });
  await expect(row).toContainText('Videoclip');
  await expect(row).not.toContainText('/media/');
  await shot(b, 'chat-video-list-narrow-ro');
  await row.click();

  const video = b.getByRole('log', { name: 'Mesaje' }).locator('video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect(video).toHaveAttribute('src', src);
  // The player's size is reserved (240 px wide) and its metadata loads: no 'not available'.
  expect((await video.boundingBox())?.width).toBe(240);
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState))
    .toBeGreaterThan(0);
  await expect(b.getByText('Acest atașament nu este disponibil.')).toHaveCount(0);
  await shot(b, 'chat-video-narrow-ro');
  await shot(a, 'chat-video-wide-en');

  // Phones: attaching first asks Video or Photo.
  await b.getByRole('button', { name: 'Atașează o fotografie sau un videoclip' }).click();
  const menu = b.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Videoclip' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Fotografie' })).toBeVisible();
  await shot(b, 'chat-video-menu-narrow-ro');
  const chooser = b.waitForEvent('filechooser');
  await menu.getByRole('menuitem', { name: 'Videoclip' }).click();
  const picker = await chooser;
  await expect(b.locator('input[type="file"]')).toHaveAttribute(
    'accept',
    'video/mp4,video/webm,video/quicktime',
  );
  await picker.setFiles([]);

  expect(alice.problems).toEqual([]);
  expect(bob.problems).toEqual([]);

  // A video that cannot be loaded says so instead of an empty player.
  await a.route('**/media/videos/**', (route) => route.fulfill({ status: 404, body: '' }));
  await a.reload();
  await expect(
    a.getByRole('log', { name: 'Messages' }).getByText('This attachment is not available.'),
  ).toBeVisible();
  await expect(a.getByRole('log', { name: 'Messages' }).locator('video')).toHaveCount(0);
});
