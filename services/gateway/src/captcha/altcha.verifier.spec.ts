import { strictMock } from '@pencraft/testing';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AltchaVerifier, CHALLENGE_TTL_SECONDS, type UsedChallenges } from './altcha.verifier.js';

const KEY = 'k'.repeat(40);

function setup(now = () => Date.now()) {
  const used = strictMock<UsedChallenges>('UsedChallenges');
  const verifier = new AltchaVerifier({ hmacKey: KEY, maxNumber: 2_000, now }, used);
  return { used, verifier };
}

/** What the widget sends: the challenge it was given and the counter it found, as base64 JSON. */
async function solved(verifier: AltchaVerifier) {
  const answer = await verifier.challenge();
  if (answer.provider !== 'altcha') throw new Error('not altcha');
  const challenge = { parameters: answer.parameters, signature: answer.signature } as unknown as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  return {
    challenge,
    solution: solution!,
    encode: (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64'),
  };
}

describe('AltchaVerifier', () => {
  it('hands out a signed SHA-256 challenge that expires in five minutes', async () => {
    const { verifier } = setup(() => 1_700_000_000_000);
    const challenge = await verifier.challenge();
    expect(challenge).toMatchObject({
      provider: 'altcha',
      parameters: { algorithm: 'SHA-256', expiresAt: 1_700_000_000 + CHALLENGE_TTL_SECONDS },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('accepts a solved challenge once, claiming its nonce until it expires', async () => {
    const { used, verifier } = setup();
    const { challenge, solution, encode } = await solved(verifier);
    used.claim.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await verifier.verify(encode({ challenge, solution }))).toBe(true);
    expect(used.claim).toHaveBeenCalledWith(challenge.parameters.nonce, expect.any(Number));
    const ttl = used.claim.mock.calls[0]![1];
    expect(ttl).toBeGreaterThan(CHALLENGE_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(CHALLENGE_TTL_SECONDS);
    expect(await verifier.verify(encode({ challenge, solution }))).toBe(false);
  });

  it('refuses a wrong key, a changed parameter, a forged signature and garbage without claiming', async () => {
    const { verifier } = setup();
    const { challenge, solution, encode } = await solved(verifier);
    const wrongKey = { challenge, solution: { ...solution, derivedKey: 'ab'.repeat(32) } };
    const easier = { challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } }, solution };
    const forged = { challenge: { ...challenge, signature: 'ab'.repeat(32) }, solution };
    for (const payload of [wrongKey, easier, forged]) expect(await verifier.verify(encode(payload))).toBe(false);
    for (const garbage of ['', 'not base64 at all', encode({ challenge }), encode([1, 2]), 'A'.repeat(5_000)]) {
      expect(await verifier.verify(garbage)).toBe(false);
    }
  });

  it('refuses a challenge signed with another key', async () => {
    const { verifier } = setup();
    const { challenge, solution, encode } = await solved(verifier);
    const other = new AltchaVerifier({ hmacKey: 'o'.repeat(40), maxNumber: 2_000 }, strictMock('UsedChallenges'));
    expect(await other.verify(encode({ challenge, solution }))).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    let now = Date.now();
    const { verifier } = setup(() => now);
    const { challenge, solution, encode } = await solved(verifier);
    now += (CHALLENGE_TTL_SECONDS + 1) * 1000;
    expect(await verifier.verify(encode({ challenge, solution }))).toBe(false);
  });
});
