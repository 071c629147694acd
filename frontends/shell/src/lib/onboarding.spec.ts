import { isOnboardingStep, nextStep, stepPath } from './onboarding.js';

describe('registration steps', () => {
  it('walks profile, article, explore', () => {
    expect(nextStep('profile')).toBe('article');
    expect(nextStep('article')).toBe('explore');
    expect(nextStep('explore')).toBeUndefined();
  });

  it('keeps where the person was going', () => {
    expect(stepPath('confirm')).toBe('/register/confirm');
    expect(stepPath('profile', '/a/1')).toBe('/register/profile?next=%2Fa%2F1');
  });

  it('knows its steps', () => {
    expect(isOnboardingStep('article')).toBe(true);
    expect(isOnboardingStep('confirm')).toBe(false);
  });
});
