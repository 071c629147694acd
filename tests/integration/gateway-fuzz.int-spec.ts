// The API fuzzer (schemathesis, installed by `make test-tools` into .tools/venv) driven by the committed OpenAPI
// documents: the site's signed in (its security schemes: session cookie, CSRF cookie and header), then the partner
// surface's (openapi-v1.json) with the same writer's personal access token, against a gateway
// of the test stack with identity, articles and search behind it. Every check schemathesis has, in every phase
// (examples, coverage, fuzzing, stateful), bounded in time and examples: zero server errors and zero
// disagreements with the document — statuses, headers, media types and response schemas as documented, requests
// valid by the document accepted and invalid ones refused, 405 for methods a path does not declare.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { ApiClient } from '../support/http-client.ts';
import { freshDatabase, httpBase, resetMessaging, startService, type TestDatabase } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMATHESIS = join(ROOT, '.tools/venv/bin/schemathesis');
/** The operations the document gives an X-Captcha header. */
function captchaOperations(): string[] {
  const document = JSON.parse(readFileSync(join(ROOT, 'services/gateway/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; parameters?: { name: string }[] }>>;
  };
  return Object.values(document.paths)
    .flatMap((operations) => Object.values(operations))
    .filter((operation) => operation.parameters?.some((parameter) => parameter.name === 'X-Captcha'))
    .map((operation) => operation.operationId);
}

/**
 * Account operations whose documented-valid requests are refused by what the server holds, not by their shape: a
 * 6-digit code is valid by the document but right only if it is the mailed one (WrongCode, ExpiredOrInvalid), a
 * password only if it is the account's (IncorrectOldPassword), a new address only if no account has it, a resend only
 * after the cooldown (Flood). The same exception as createArticle; every other check runs on them.
 */
const STATEFUL_ACCOUNT_OPERATIONS = [
  'verifyPasswordReset',
  'changePassword',
  'changeEmail',
  'resendEmailChange',
  'verifyEmailChange',
];

/**
 * Security operations that confirm with the account's password (IncorrectOldPassword otherwise) or a code that is
 * right only if it is the authenticator's, a recovery code or the mailed one (WrongCode, ExpiredOrInvalid without a
 * pending enrolment or mailed code). The same exception as createArticle; every other check runs on them.
 */
const SECURITY_OPERATIONS = [
  'startMfa',
  'confirmMfa',
  'disableMfa',
  'regenerateRecoveryCodes',
  'requestAccountDeletion',
];

/**
 * Profile operations refused for what the server holds or checks beyond a schema: a birthdate must be a real date at
 * least 13 years ago, a country an assigned code, a link's URL on its provider's host (the document says https), a
 * picture a real JPEG or PNG (judged by its bytes), a phone number valid in its numbering plan, following not yourself
 * (CantFollowYourself, 400, for the fuzzer's own id). The same exception as createArticle; every other check runs on
 * them. (An id or username nobody holds is a 404, a username taken or reserved a 409, one changed within 14 days a
 * 429, which positive data may get: the reads of followers, following, profiles and their stats, removing a link and
 * changing the username are held to every check.)
 */
const PROFILE_OPERATIONS = [
  'updateProfileSettings',
  'updateBirthdate',
  'updateCountry',
  'addProfileLink',
  'setProfilePicture',
  'setProfileBanner',
  'requestPhoneChange',
  'verifyPhone',
  'followUser',
  'unfollowUser',
  // The Profile group's short paths to the same checks: PATCH /api/profile/edit, PUT /api/profile/img.
  'editMyProfile',
  'setMyProfileImage',
  // PUT /api/profile/edit/{v}: besides the checks of its field's route, the body must name the field v, which JSON
  // Schema cannot tie to a path parameter (the document's body is any one-field body), so most valid-looking
  // requests pair v with another field's body and are refused with v's field code.
  'editMyProfileField',
];

/**
 * The editor's images: an upload must be a real JPEG or PNG (judged by its bytes, which no generated string is), and a
 * delete must name a key of an image the caller uploaded (NotFound otherwise). The same exception as createArticle;
 * every other check runs on them.
 */
const MEDIA_OPERATIONS = ['uploadEditorImage', 'deleteEditorImage'];

/**
 * The writing lifecycle: a draft's content must hold known blocks with the data of their type (InvalidArticleContent)
 * and its save must name the current version (DraftConflict); a cover must be an image the owner uploaded
 * (InvalidCoverFormat); submitting holds the draft to the full article rules (InvalidContentMin for the short drafts
 * the fuzzer writes) and the pending cap; an article is edited only when published and 5 times. The same exception
 * as createArticle; every other check runs on them. (Deleting a pending article, refused after 6 hours and past 3 a
 * day with 409 and 429, is held to every check.)
 */
const DRAFT_OPERATIONS = [
  'createDraft',
  'createArticleDraft',
  'updateDraft',
  'setDraftCover',
  'publishArticle',
  'editPublishedArticle',
];

/**
 * Comments: text that is only markup is empty once the markup is removed (InvalidContent), which no JSON Schema
 * keyword can say. The same exception as createArticle; every other check runs on them. (Everything else the comment
 * routes refuse documented-valid requests for is a 403, 404, 409 or 429, which positive data may get: a comment,
 * article or user nobody holds, one's own comment voted or reported, a downvote below the Pro rating, a second
 * report; those routes are held to every check.)
 */
const COMMENT_OPERATIONS = ['createComment', 'editComment'];

/**
 * Collections: a name counts once its markup is removed and its white space collapsed (InvalidName when nothing is
 * left), which no JSON Schema keyword can say. The same exception as createArticle; every other check runs on them.
 * (The other engagement and reading routes refuse documented-valid requests only with 403, 404, 409 or 429: an
 * article, collection or user nobody holds, a vote on one's own article, a downvote below the Pro rating, the 20
 * collections cap, one's own collection saved; they are held to every check.)
 */
const ENGAGEMENT_OPERATIONS = ['createCollection', 'updateCollection'];

/**
 * Reader support: a thanks message and a supporter's note count their characters after trimming (spaces around them
 * do not count toward the minimum), a card number must pass the Luhn check (no JSON Schema keyword does) and a support
 * names its recipient by exactly one of username and uid (described, not expressible in the document's 3.0 schema
 * without oneOf). The same exception as createArticle; every other check runs on them.
 */
const DONATION_OPERATIONS = ['createDonationAccount', 'setDonationThanks', 'addDonationCard', 'initiateSupport'];

/**
 * A publication's jobs: where to apply is an http(s) address or an e-mail address (one field, either kind, checked by
 * parsing: NullOrEmpty when empty, the field's code otherwise), and a salary's maximum may not be below its minimum,
 * neither of which a JSON Schema keyword says. The same exception as createArticle; every other check runs on them.
 */
const JOB_OPERATIONS = ['createStudioJob', 'updateStudioJob'];

// createAccessToken and createPublicationPlan are held to every check: their documents state what the server accepts
// (a token's name with a visible character, no < or >, 1 to 60 characters, at least one scope; a plan's price,
// 100 to 100000 qəpik), both required, though the gateway lets a missing or bad one through so that the service names
// it field by field (NullOrEmpty, EmptyPlanPrice, PlanPriceLessThan...).

/**
 * Warnings that fail the run (schemathesis exits non-zero on them): above all validation_mismatch, an operation
 * whose documented-valid requests were all refused with 400 or 422 in a phase, which means the document is wider
 * than the server (a pattern, bound, required field or block type it does not state) or an undocumented rule.
 * The others say the document itself is broken for the fuzzer (a pattern Python cannot read, a reference that does not
 * resolve, a media type it cannot parse, a base path that is wrong). missing_auth (staff routes, a partner client's
 * webhooks), missing_test_data (ids nobody holds) and rate_limited stay shown and do not fail.
 */
const FAIL_ON_WARNINGS = `[warnings]
fail-on = ["validation_mismatch", "unsupported_regex", "unresolvable_reference", "missing_deserializer", "base_url_mismatch"]`;
/**
 * An operation excused from positive_data_acceptance below (its documented-valid requests may be refused for a
 * reason no JSON Schema keyword states: a secret, a checksum, what the server holds) is excused from
 * validation_mismatch for the same reason, and only it: missing_test_data goes with it (schemathesis decides the
 * two together), the auth, base path and rate warnings stay.
 */
const EXCUSED_WARNINGS = 'warnings.display = ["missing_auth", "rate_limited", "base_url_mismatch"]';

/**
 * Every check (schemathesis runs all of them when --checks is not given; naming them on the command line would
 * override the per-operation setting below), with narrow exceptions. createArticle's content must hold 50 to 30,000 visible characters summed
 * over all its blocks after their markup is removed: no JSON Schema keyword counts across array items and markup,
 * so the document describes that rule (Content's description) and the fuzzer does not hold createArticle to
 * positive_data_acceptance (documented-valid bodies are mostly too short). Every other check still runs on it,
 * negative_data_rejection included, and positive_data_acceptance runs on the operations not named here.
 *
 * The same for every operation behind a captcha (captchaOperations: sign-up and the
 * mail resends always, sign-in from the third failure of an account, which the fuzzer reaches by repeating a
 * login): a valid X-Captcha is the solution of a fresh proof-of-work challenge, which no generated string is, so
 * documented-valid requests are refused (CaptchaRequired or ChallengeFailed, both documented). Every other check
 * still runs on them.
 *
 * And for the payment provider's webhooks (receiveStripeWebhook, receiveDonationsStripeWebhook): a valid
 * Stripe-Signature is an HMAC of the exact body under the webhook secret, which no generated header is, so
 * documented-valid requests are refused with the documented InvalidWebhookSignature.
 */
const CONFIG = `
${FAIL_ON_WARNINGS}

[auth.openapi.session]
api_key = "\${PENCRAFT_FUZZ_SESSION}"

[auth.openapi.csrfCookie]
api_key = "\${PENCRAFT_FUZZ_CSRF}"

[auth.openapi.csrfHeader]
api_key = "\${PENCRAFT_FUZZ_CSRF}"

${[
  'createArticle',
  ...STATEFUL_ACCOUNT_OPERATIONS,
  ...SECURITY_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...MEDIA_OPERATIONS,
  ...DRAFT_OPERATIONS,
  ...ENGAGEMENT_OPERATIONS,
  ...COMMENT_OPERATIONS,
  ...DONATION_OPERATIONS,
  ...JOB_OPERATIONS,
  ...captchaOperations(),
  'receiveStripeWebhook',
  'receiveDonationsStripeWebhook',
]
  .map((id) =>
    [
      '[[operations]]',
      `include-operation-id = "${id}"`,
      'checks.positive_data_acceptance.enabled = false',
      EXCUSED_WARNINGS,
      '',
    ].join('\n'),
  )
  .join('\n')}`;
/**
 * The partner surface (services/gateway/openapi-v1.json), fuzzed after the site with a personal access token of the
 * same writer holding every scope a token may (read, search, act) as its personalToken scheme. The webhooks
 * operations take only a partner client's OAuth2 token, which schemathesis does not fetch: they are called without
 * a credential and must answer their documented 401. Drafts written through /api/v1 are held to the same content
 * rules as the site's (DRAFT_OPERATIONS): the same exception to positive_data_acceptance.
 *
 * Operations that act for the writer: Pencraft-Acting-Token is read from a partner client only. */
const ACTING_OPERATIONS = ['v1ListDrafts', 'v1GetDraft', 'v1CreateDraft', 'v1UpdateDraft', 'v1PublishDraft'];
/**
 * Partner operations held to positive_data_acceptance except: the draft writes (the content rules of DRAFT_OPERATIONS)
 * and the paged reads, whose cursor is opaque (only a nextCursor the server answered is one, InvalidPage otherwise,
 * documented), which no generated string is, like a mailed code.
 */
const PARTNER_STATEFUL = [
  'v1CreateDraft',
  'v1UpdateDraft',
  'v1PublishDraft',
  'v1ListArticles',
  'v1ListArticleComments',
  'v1ListAuthorArticles',
  'v1Search',
];
const PARTNER_CONFIG = `
${FAIL_ON_WARNINGS}

[auth.openapi.personalToken]
bearer = "\${PENCRAFT_FUZZ_TOKEN}"

${[...new Set([...PARTNER_STATEFUL, ...ACTING_OPERATIONS])]
  .map((id) =>
    [
      '[[operations]]',
      `include-operation-id = "${id}"`,
      ...(PARTNER_STATEFUL.includes(id) ? ['checks.positive_data_acceptance.enabled = false', EXCUSED_WARNINGS] : []),
      // With a personal access token in Authorization (the fuzzer's credential) the acting header is ignored, as
      // documented, so a malformed one is not refused.
      ...(ACTING_OPERATIONS.includes(id) ? ['checks.negative_data_rejection.enabled = false'] : []),
      '',
    ].join('\n'),
  )
  .join('\n')}`;

/** The run stops after this many seconds even if examples remain (the whole suite stays under two minutes). */
const MAX_SECONDS = Number(process.env.FUZZ_MAX_SECONDS ?? 62);
/** The partner surface's run (21 operations). */
const PARTNER_MAX_SECONDS = Number(process.env.FUZZ_PARTNER_MAX_SECONDS ?? 15);
const MAX_EXAMPLES = 25;

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('gateway_fuzz');
  // Each one kept as it starts, so that the teardown stops those that started when another fails to.
  await Promise.all(
    ['identity', 'articles', 'comments', 'notifications', 'search', 'publications', 'donations'].map(async (name) => {
      apps.push(await startService(name, db.name));
    }),
  );
  // Limits high enough that the fuzzer's volume is not what it measures (429 is documented and allowed anyway).
  apps.push(
    await startService('gateway', db.name, {
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      EDGE_ROUTES: '',
    }),
  );
  base = httpBase('gateway');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

function run(
  args: string[],
  env: Record<string, string>,
  seconds: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCHEMATHESIS, args, {
      cwd: ROOT,
      env: { ...process.env, ...env, NO_COLOR: '1', TERM: 'dumb' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 45) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the API fuzzer', () => {
  it(
    'finds no server error and no disagreement with the document',
    async () => {
      if (!existsSync(SCHEMATHESIS)) throw new Error(`${SCHEMATHESIS} is missing: run make test-tools`);
      const user = new ApiClient(base);
      const registeredAt = new Date();
      const signedUp = await user.post(
        '/api/id/register',
        {
          email: 'fuzzer@example.az',
          username: 'api_fuzzer',
          fullname: 'API Fuzzer',
          password: 'pass-word-42',
          acceptTerms: true,
          acceptPrivacy: true,
        },
        await captchaHeader(base),
      );
      expect(signedUp.status).toBe(201);
      // A confirmed account, so the fuzzer reaches the writing routes (an unconfirmed one is refused them).
      await confirmAccount(user, 'fuzzer@example.az', registeredAt);
      const reports = mkdtempSync(join(tmpdir(), 'pencraft-fuzz-'));
      const config = join(reports, 'schemathesis.toml');
      writeFileSync(config, CONFIG);
      const partnerConfig = join(reports, 'schemathesis-v1.toml');
      writeFileSync(partnerConfig, PARTNER_CONFIG);
      const token = await user.post<{ secret: string }>('/api/ttin/tokens', {
        name: 'Fuzzer',
        scopes: ['read', 'search', 'act'],
        expiresInDays: 7,
      });
      expect(token.status).toBe(201);
      rememberSecret(token.body.secret);
      const common = [
        '--url',
        base,
        '--max-examples',
        String(MAX_EXAMPLES),
        '--seed',
        process.env.FUZZ_SEED ?? '20260',
        // One worker: Hypothesis' source introspection can crash on Python 3.11 when several threads parse at once.
        '--workers',
        '1',
        '--request-timeout',
        '10',
        '--suppress-health-check',
        'all',
        '--report',
        // FUZZ_REPORTS adds formats (e.g. ndjson, har) for reading a run's cases; FUZZ_REPORT_DIR keeps them.
        ['junit', process.env.FUZZ_REPORTS].filter(Boolean).join(','),
        '--report-dir',
        process.env.FUZZ_REPORT_DIR ?? reports,
      ];
      const site = await run(
        [
          '--config-file',
          config,
          'run',
          'services/gateway/openapi.json',
          ...common,
          '--max-time',
          String(MAX_SECONDS),
          // Signing out would end the session the rest of the run uses.
          '--exclude-operation-id',
          'logout',
          // An event stream never ends by itself (tests/integration/notifications.int-spec.ts reads it).
          '--exclude-operation-id',
          'streamNotifications',
        ],
        {
          PENCRAFT_FUZZ_SESSION: user.cookies.get('pc_su') ?? '',
          PENCRAFT_FUZZ_CSRF: user.cookies.get('pc_csrf') ?? '',
        },
        MAX_SECONDS,
      );
      const partner = await run(
        [
          '--config-file',
          partnerConfig,
          'run',
          'services/gateway/openapi-v1.json',
          ...common,
          '--max-time',
          String(PARTNER_MAX_SECONDS),
        ],
        { PENCRAFT_FUZZ_TOKEN: token.body.secret },
        PARTNER_MAX_SECONDS,
      );
      const code = site.code || partner.code;
      const output = `${site.output}\n\n=== the partner surface (openapi-v1.json) ===\n\n${partner.output}`;
      // The whole output stays with the other test reports.
      mkdirSync(join(ROOT, '.run/test-reports'), { recursive: true });
      writeFileSync(process.env.FUZZ_LOG ?? join(ROOT, '.run/test-reports/schemathesis.log'), output);
      if (code !== 0) {
        // The failures and errors themselves (schemathesis prints them under its FAILURES and ERRORS banners, each
        // failure with a curl line to reproduce it) come first: the warnings and summary after them say little.
        const failures = [site, partner]
          .map(
            (one) => /={3,} (?:FAILURES|ERRORS) ={3,}([\s\S]*?)={3,} (?:WARNINGS|SUMMARY) ={3,}/.exec(one.output)?.[1],
          )
          .join('\n');
        // A warning that fails the run (FAIL_ON_WARNINGS) is named with its operations.
        const warned = [site, partner]
          .map((one) => /Schema validation mismatch:[\s\S]*?💡/.exec(one.output)?.[0] ?? '')
          .join('\n');
        const summary = [site, partner].map((one) => one.output.split('\n').slice(-25).join('\n')).join('\n…\n');
        throw new Error(`schemathesis exited with ${code}:\n${failures.slice(0, 12000)}\n${warned}\n…\n${summary}`);
      }
      for (const one of [site, partner]) expect(one.output).toMatch(/Test cases:\s+\d+ generated/);
      expect(output).not.toMatch(/Server error|Undocumented HTTP status|Response violates schema|Unsupported methods/);
      expect(output).not.toMatch(/Schema-valid request rejected|Schema-violating request accepted/);
      // Documented-valid requests all refused (400, 422) on an operation not excused: the document is wider than the
      // server (FAIL_ON_WARNINGS makes schemathesis fail on it too).
      expect(output).not.toMatch(/Schema validation mismatch/);
    },
    (MAX_SECONDS + PARTNER_MAX_SECONDS + 120) * 1000,
  );
});
