// Registration after the account form (SPEC.md section 2): the e-mail code, then three skippable steps.

export const ONBOARDING_STEPS = ['profile', 'article', 'explore'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === 'string' && (ONBOARDING_STEPS as readonly string[]).includes(value);
}

/** The page of a step; `next` (where the person was going before registering) travels along. */
export function stepPath(step: 'confirm' | OnboardingStep, next = '/'): string {
  return `/register/${step}${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`;
}

/** The step after this one, or undefined after the last. */
export function nextStep(step: OnboardingStep): OnboardingStep | undefined {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1];
}
