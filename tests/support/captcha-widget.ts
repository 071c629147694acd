// The captcha widget in a page (altcha): it starts its proof of work when the form gets focus, or when its box is
// ticked. Nothing is bypassed: the browser solves the gateway's challenge itself.
import type { Page } from 'playwright-core';

/**
 * Waits until the last captcha widget of the page has solved its challenge, ticking its box whenever it is idle.
 * The widget may start by itself (focus) at any moment, also between a look and a tick, and a page that renders again
 * can put a started widget back to idle: so it looks until the widget says verified, ticking only while it is idle.
 * A pointer click that something else intercepts is retried; from the third tick on the box is ticked from the
 * keyboard instead (focus and Space), as a keyboard user would, which nothing can cover.
 */
export async function solveCaptchaWidget(page: Page, timeoutMs = 60_000): Promise<void> {
  const widget = page.locator('altcha-widget').last();
  const verified = widget.locator('[data-state="verified"]');
  const busy = widget.locator('[data-state="verifying"], [data-state="verified"]');
  await widget.waitFor();
  const deadline = Date.now() + timeoutMs;
  const box = widget.getByRole('checkbox');
  let ticks = 0;
  let lastProblem = '';
  while ((await verified.count()) === 0 && Date.now() < deadline) {
    if ((await busy.count()) === 0) {
      ticks += 1;
      const tick =
        ticks < 3
          ? box.click({ timeout: 2_000 })
          : box.focus({ timeout: 2_000 }).then(() => page.keyboard.press('Space'));
      await tick.catch((error: unknown) => {
        lastProblem = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      });
    }
    // Up to 250 ms to 1 s for the widget to say verified, going on as soon as it does.
    await verified
      .first()
      .waitFor({ state: 'attached', timeout: 250 * Math.min(Math.max(ticks, 1), 4) })
      .catch(() => undefined);
  }
  if ((await verified.count()) > 0) return;
  const states = await widget
    .locator('[data-state]')
    .evaluateAll((nodes) => nodes.map((n) => n.outerHTML.slice(0, 300)));
  throw new Error(
    `the captcha was not solved after ${ticks} ticks (last problem: ${lastProblem || 'none'}); the widget shows ${JSON.stringify(states)}`,
  );
}
