import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { CaptchaGate, type SignInFailures } from './captcha.gate.js';
import type { CaptchaVerifier } from './captcha.verifier.js';

function setup() {
  const verifier = strictMock<CaptchaVerifier>('CaptchaVerifier');
  const failures = strictMock<SignInFailures>('SignInFailures');
  return { verifier, failures, gate: new CaptchaGate(verifier, failures) };
}

async function outcome(check: Promise<void>) {
  try {
    await check;
    return 'passed';
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
}

const request = (header: string | string[] | undefined, body: unknown = {}) => ({
  header,
  body,
  remoteIp: '203.0.113.7',
});

describe('CaptchaGate', () => {
  it("'always': no answer is CaptchaRequired, a wrong one ChallengeFailed, a verified one passes", async () => {
    const { verifier, gate } = setup();
    expect(await outcome(gate.check('always', request(undefined)))).toBe('CaptchaRequired');
    expect(await outcome(gate.check('always', request('')))).toBe('CaptchaRequired');
    expect(await outcome(gate.check('always', request(['a', 'b'])))).toBe('ChallengeFailed');
    verifier.verify.mockResolvedValueOnce(false);
    expect(await outcome(gate.check('always', request('wrong')))).toBe('ChallengeFailed');
    verifier.verify.mockResolvedValueOnce(true);
    expect(await outcome(gate.check('always', request('solved')))).toBe('passed');
    expect(verifier.verify.mock.calls).toEqual([
      ['wrong', '203.0.113.7'],
      ['solved', '203.0.113.7'],
    ]);
  });

  it("'after-failures': not checked before the third failure of the login, checked from it on", async () => {
    const { verifier, failures, gate } = setup();
    failures.recentFailures.mockResolvedValueOnce(0).mockResolvedValueOnce(2);
    expect(await outcome(gate.check('after-failures', request(undefined, { login: 'leyla' })))).toBe('passed');
    expect(await outcome(gate.check('after-failures', request('stale', { login: 'leyla' })))).toBe('passed');
    expect(verifier.verify).not.toHaveBeenCalled();

    failures.recentFailures.mockResolvedValue(3);
    expect(await outcome(gate.check('after-failures', request(undefined, { login: 'leyla' })))).toBe('CaptchaRequired');
    verifier.verify.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    expect(await outcome(gate.check('after-failures', request('wrong', { login: 'leyla' })))).toBe('ChallengeFailed');
    expect(await outcome(gate.check('after-failures', request('solved', { login: 'leyla' })))).toBe('passed');
    expect(failures.recentFailures).toHaveBeenCalledWith('leyla');
  });

  it("'after-failures' leaves a body without a login to validation", async () => {
    const { gate } = setup();
    for (const body of [undefined, null, 'text', { login: 42 }]) {
      expect(await outcome(gate.check('after-failures', request(undefined, body)))).toBe('passed');
    }
  });
});
