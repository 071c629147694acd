// The captcha widget in a page (altcha): it starts its proof of work when the form gets focus, or when its box is
// ticked. Nothing is bypassed: the browser solves the gateway's challenge itself.
import type { Page } from 'playwright-core';

/** Waits until the last captcha widget of the page has solved its challenge, ticking its box if it has not started. */
export async function solveCaptchaWidget(page: Page, timeoutMs = 60_000): Promise<void> {
  const widget = page.locator('altcha-widget').last();
  const verified = widget.locator('[data-state="verified"]');
  await widget.waitFor();
  const started = await widget
    .locator('[data-state="verifying"], [data-state="verified"]')
    .first()
    .waitFor({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!started) await widget.getByRole('checkbox').click();
  await verified.waitFor({ timeout: timeoutMs });
}
