let loading: Promise<unknown> | undefined;

/** The widget on first use only: pages without a captcha never download it, and server rendering never runs it. */
export function loadAltcha(): Promise<unknown> {
  loading ??= import('./altcha-widget.js');
  return loading;
}
