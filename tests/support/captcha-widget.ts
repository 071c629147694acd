// The captcha widget in a page (altcha): it starts its proof of work when the form gets focus, or when its box is
// ticked. Nothing is bypassed: the browser solves the gateway's challenge itself.
import type { Page } from 'playwright-core';

/** Waits until the last captcha widget of the page has solved its challenge, ticking its box while it has not started. */
export async function solveCaptchaWidget(page: Page, timeoutMs = 60_000): Promise<void> {
  const widget = page.locator('altcha-widget').last();
  const verified = widget.locator('[data-state="verified"]');
  const started = widget.locator('[data-state="verifying"], [data-state="verified"]');
  await widget.waitFor();
  const deadline = Date.now() + timeoutMs;
  // The widget may start by itself (focus) at any moment, also between a look and a click: tick the box only while it
  // is idle, briefly, and look again.
  while ((await started.count()) === 0 && Date.now() < deadline) {
    await widget
      .getByRole('checkbox')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await page.waitForTimeout(250);
  }
  await verified.waitFor({ timeout: Math.max(1_000, deadline - Date.now()) }).catch(async (error: unknown) => {
    const states = await widget
      .locator('[data-state]')
      .evaluateAll((nodes) => nodes.map((n) => n.outerHTML.slice(0, 300)));
    throw new Error(`the captcha was not solved; the widget shows ${JSON.stringify(states)}`, { cause: error });
  });
}
