import {
  cardHolderProblem,
  cardNumberProblem,
  checkJobApply,
  checkLink,
  EMAIL_PATTERN,
  normalizeCardHolder,
  PHONE_E164,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  planPriceProblem,
  STUDIO_ANALYTICS_DAYS,
  TOKEN_NAME_MAX,
} from '@pencraft/rules';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Where the gateway lets a field through for the service behind it to name with its own code, the document still
// states what the API accepts (issue #19: schemathesis found each of these as documented-valid requests refused with
// 400). Each pattern is held here to the rule it describes: it accepts every value the rule accepts (the document is
// never narrower than the server) and refuses the values the fuzzer was refused for.

interface Property {
  type?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}
interface ObjectSchema {
  properties: Record<string, Property>;
  required?: string[];
}

interface Parameter {
  name: string;
  schema: Property & { enum?: unknown[] };
}
const document = JSON.parse(readFileSync(fileURLToPath(new URL('../../openapi.json', import.meta.url)), 'utf8')) as {
  components: { schemas: Record<string, ObjectSchema> };
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
};
const schema = (id: string) => document.components.schemas[id]!;
const property = (id: string, name: string) => schema(id).properties[name]!;
/** Whether a value passes a string property's pattern and lengths (in code points, as JSON Schema counts). */
function valid(prop: Property, value: string): boolean {
  const length = [...value].length;
  return (
    new RegExp(prop.pattern ?? '').test(value) &&
    length >= (prop.minLength ?? 0) &&
    length <= (prop.maxLength ?? Infinity)
  );
}

describe('the document states what the services accept', () => {
  it("requires a plan's price, within the bounds planPriceProblem holds it to", () => {
    const plan = schema('CreatePlanBody');
    expect(plan.required).toEqual(expect.arrayContaining(['interval', 'price']));
    expect(plan.properties.price).toMatchObject({ minimum: PLAN_PRICE_MIN, maximum: PLAN_PRICE_MAX });
    expect(planPriceProblem(PLAN_PRICE_MIN)).toBeUndefined();
    expect(planPriceProblem(PLAN_PRICE_MAX)).toBeUndefined();
    expect(planPriceProblem(PLAN_PRICE_MIN - 1)).toBe('lessThan');
    expect(planPriceProblem(PLAN_PRICE_MAX + 1)).toBe('moreThan');
  });

  it("states a publication's analytics periods, the only ones it answers", () => {
    const days = document.paths['/api/core-publications/{id}/studio/analytics']!.get!.parameters!.find(
      (parameter) => parameter.name === 'days',
    )!;
    expect(days.schema.enum).toEqual([...STUDIO_ANALYTICS_DAYS]);
  });

  it("requires a token's name and scopes: a visible character, no < or >, at least one scope, no default", () => {
    const body = schema('CreateAccessTokenBody');
    expect(body.required).toEqual(expect.arrayContaining(['name', 'scopes', 'expiresInDays']));
    expect(body.properties.scopes).toMatchObject({ minItems: 1 });
    const name = body.properties.name!;
    expect(name.default).toBeUndefined();
    expect(name.maxLength).toBe(TOKEN_NAME_MAX);
    for (const ok of ['a', ' CI deploy ', 'Ünvan', 'x'.repeat(TOKEN_NAME_MAX)]) expect(valid(name, ok)).toBe(true);
    for (const bad of ['', ' ', '\u00a0\u3000', '\ufeff', '<b>', 'a>b', 'x'.repeat(TOKEN_NAME_MAX + 1)]) {
      expect(valid(name, bad)).toBe(false);
    }
  });

  it("states the job's apply address as a pattern wider than none of checkJobApply's accepted values", () => {
    const apply = property('JobBody', 'apply');
    const accepted = [
      'https://jobs.example.az/apply',
      'http://a',
      'HTTPS://Example.az:8443/x?y=1#z',
      'http:example.az',
      'hr@example.az',
      ' mailto:hr@example.az ',
      'MAILTO:mailto:hr@example.az',
      'mailto:https://example.az',
      'iş@example.az',
    ];
    for (const value of accepted) {
      expect(checkJobApply(value).apply).toBeDefined();
      expect(valid(apply, value)).toBe(true);
    }
    for (const refused of ['', ' ', '0', '0@0', 'ftp://example.az', 'javascript:alert(1)', 'hr at example.az']) {
      expect(checkJobApply(refused).apply).toBeUndefined();
      expect(valid(apply, refused)).toBe(false);
    }
  });

  it('states a card number as 12 to 19 digits with separators, and a holder as Latin words', () => {
    const number = property('AddDonationCardBody', 'number');
    for (const value of ['4242424242424242', '4242 4242 4242 4242', '4242-4242-4242-4242', ' 000000000000 ']) {
      expect(cardNumberProblem(value)).toBeUndefined();
      expect(valid(number, value)).toBe(true);
    }
    // The fuzzer's refused numbers: too many digits, none; a Luhn failure stays a documented refusal.
    for (const refused of ['0'.repeat(40), '', '12345678901', '4242x4242x4242x4242']) {
      expect(cardNumberProblem(refused)).toBeDefined();
      expect(valid(number, refused)).toBe(false);
    }
    const holder = property('AddDonationCardBody', 'holder');
    for (const value of ['LEYLA MAMMADOVA', ' leyla  mammadova ', "O'NEIL-SMITH JR.", 'ß']) {
      expect(cardHolderProblem(normalizeCardHolder(value))).toBeUndefined();
      expect(valid(holder, value)).toBe(true);
    }
    for (const refused of ['', ' ', '1', 'Ləylə', '-A']) {
      expect(cardHolderProblem(normalizeCardHolder(refused))).toBeDefined();
      expect(valid(holder, refused)).toBe(false);
    }
  });

  it('states a phone number as PHONE_E164 reads it once spaces, brackets and dashes are removed', () => {
    const phone = property('PhoneBody', 'phone');
    const read = (value: string) => PHONE_E164.test(value.replace(/[\s()-]/g, ''));
    for (const value of ['+994501234567', '+994 (50) 123-45-67', '+1 202 555 0100', '+(994)501234567']) {
      expect(read(value)).toBe(true);
      expect(valid(phone, value)).toBe(true);
    }
    // The fuzzer's +0000000: no country code starts with 0.
    for (const refused of ['+0000000', '+994', '994501234567', '+9945012345678901']) {
      expect(read(refused)).toBe(false);
      expect(valid(phone, refused)).toBe(false);
    }
  });

  it('states a profile link as https, and a new e-mail address as an address', () => {
    const url = property('LinkBody', 'url');
    for (const value of ['https://github.com/leyla', ' HTTPS://www.github.com/a b ']) {
      expect(checkLink('github', value).problem).toBeUndefined();
      expect(valid(url, value)).toBe(true);
    }
    for (const refused of ['0', 'http://github.com/leyla', 'github.com/leyla']) {
      expect(checkLink('github', refused).problem).toBeDefined();
      expect(valid(url, refused)).toBe(false);
    }
    const email = property('ChangeEmailBody', 'email');
    for (const value of ['leyla@example.az', 'a.b+c@mail.example.az']) {
      expect(EMAIL_PATTERN.test(value)).toBe(true);
      expect(valid(email, value)).toBe(true);
    }
    for (const refused of ['0', '00', 'leyla@', '@example.az']) {
      expect(EMAIL_PATTERN.test(refused)).toBe(false);
      expect(valid(email, refused)).toBe(false);
    }
  });
});
