import { AppError } from '@pencraft/errors';
import { strictMock } from '@pencraft/testing';
import { CaptchaGate } from './captcha.gate.js';
import type { CaptchaVerifier } from './captcha.verifier.js';

function setup() {
  const verifier = strictMock<CaptchaVerifier>('CaptchaVerifier');
  return { verifier, gate: new CaptchaGate(verifier) };
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

const request = (header: string | string[] | undefined) => ({ header, remoteIp: '203.0.113.7' });

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

  it("'after-failures': leaves a missing answer to the sign-in throttle, refuses a wrong one, passes a verified one", async () => {
    const { verifier, gate } = setup();
    expect(await outcome(gate.check('after-failures', request(undefined)))).toBe('passed');
    expect(await outcome(gate.check('after-failures', request('')))).toBe('passed');
    expect(verifier.verify).not.toHaveBeenCalled();
    expect(await outcome(gate.check('after-failures', request(['a', 'b'])))).toBe('ChallengeFailed');
    verifier.verify.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    expect(await outcome(gate.check('after-failures', request('wrong')))).toBe('ChallengeFailed');
    expect(await outcome(gate.check('after-failures', request('solved')))).toBe('passed');
  });
});
