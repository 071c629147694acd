import { execFileSync } from 'node:child_process';
import { CARD_NUMBER_REDACTION } from './infra.ts';

// stripe-mock prints each request's data; the dev stack passes its output through sed with this script.
const redact = (line: string) => execFileSync('sed', ['-u', '-E', CARD_NUMBER_REDACTION], { input: line }).toString();

describe("the emulator's log", () => {
  it('holds no card number or card code from a tokenization request', () => {
    const dump =
      'Request data = map[card:map[cvc:123 exp_month:12 exp_year:2029 name:NIGAR ALIYEVA number:4000056655665556]]\n';
    const out = redact(dump);
    expect(out).not.toContain('4000056655665556');
    expect(out).not.toContain('cvc:123');
    expect(out).toContain('number:[redacted]');
    expect(out).toContain('exp_year:2029');
  });

  it('leaves the other lines as they are', () => {
    const line = 'Request: POST /v1/checkout/sessions unit_amount:2500 quantity:1\n';
    expect(redact(line)).toBe(line);
  });
});
