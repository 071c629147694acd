import { ApiError } from './api.js';
import { runFormSubmit, type FormSubmitState } from './useFormSubmit.js';

type Field = 'name' | 'scopes';
const FIELDS = ['name', 'scopes'] as const;

/** The state a form would show after each update, and every update in order. */
function recorder() {
  const patches: Partial<FormSubmitState<Field>>[] = [];
  let state: FormSubmitState<Field> = {
    errors: { name: 'stale' },
    formError: 'stale',
    notice: 'stale',
    busy: false,
  };
  return {
    patches,
    update: (patch: Partial<FormSubmitState<Field>>) => {
      patches.push(patch);
      state = { ...state, ...patch };
    },
    get state() {
      return state;
    },
  };
}

describe('one submission of a form', () => {
  it('shows the browser’s checks on their fields and sends nothing while one has a message', async () => {
    const form = recorder();
    let sent = false;
    const problems = { name: 'Enter a name.', scopes: undefined };
    await expect(
      runFormSubmit(form.update, problems, async () => void (sent = true), { fallback: 'failed' }),
    ).resolves.toBe(false);
    expect(sent).toBe(false);
    expect(form.state).toEqual({ errors: problems, formError: undefined, notice: undefined, busy: false });
  });

  it('sends while busy when nothing has a message, and shows the notice the send answers', async () => {
    const form = recorder();
    let busyWhileSending: boolean | undefined;
    const sent = await runFormSubmit(
      form.update,
      { name: undefined },
      async () => {
        busyWhileSending = form.state.busy;
        return 'Saved.';
      },
      { fallback: 'failed' },
    );
    expect(sent).toBe(true);
    expect(busyWhileSending).toBe(true);
    expect(form.state).toEqual({ errors: { name: undefined }, formError: undefined, notice: 'Saved.', busy: false });
  });

  it('keeps no notice when the send answers none', async () => {
    const form = recorder();
    await runFormSubmit(form.update, {}, async () => undefined, { fallback: 'failed' });
    expect(form.state.notice).toBeUndefined();
  });

  it('puts a catalogue error on the field it names, or by its code, else on the whole form', async () => {
    const detailed = new ApiError({
      status: 400,
      code: 'InvalidModel',
      message: 'The request is invalid.',
      details: [{ field: 'name', code: 'InvalidModel', message: 'The name is too long.' }],
    });
    const form = recorder();
    const failing = (error: unknown) => async () => {
      throw error;
    };
    await expect(
      runFormSubmit(form.update, {}, failing(detailed), { fields: FIELDS, fallback: 'failed' }),
    ).resolves.toBe(false);
    expect(form.state).toEqual({
      errors: { name: 'The name is too long.' },
      formError: undefined,
      notice: undefined,
      busy: false,
    });

    const exists = new ApiError({ status: 409, code: 'NameExists', message: 'The name is taken.' });
    await runFormSubmit(form.update, {}, failing(exists), {
      fields: FIELDS,
      codeFields: { NameExists: 'name' },
      fallback: 'x',
    });
    expect(form.state.errors).toEqual({ name: 'The name is taken.' });
    expect(form.state.formError).toBeUndefined();

    await runFormSubmit(form.update, {}, failing(detailed), { fallback: 'failed' });
    expect(form.state.errors).toEqual({});
    expect(form.state.formError).toBe('The request is invalid.');
  });

  it('gives the fallback for a failure that is not an answer of the API, and is never left busy', async () => {
    const form = recorder();
    await runFormSubmit(form.update, {}, async () => Promise.reject(new TypeError('fetch failed')), {
      fields: FIELDS,
      fallback: 'Something went wrong.',
    });
    expect(form.state).toEqual({ errors: {}, formError: 'Something went wrong.', notice: undefined, busy: false });
    expect(form.patches.at(-1)).toEqual({ busy: false });
  });
});
