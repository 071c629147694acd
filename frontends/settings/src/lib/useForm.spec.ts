import { jest } from '@jest/globals';
import type { ChangeEvent } from 'react';
import { bound } from './useForm.js';

type Field = 'email' | 'code';

function typed(value: string): ChangeEvent<HTMLInputElement> {
  return { target: { value } } as ChangeEvent<HTMLInputElement>;
}

describe('a text field bound to its form', () => {
  it('shows the value and the message of its own field, and is required', () => {
    const form = { errors: { code: 'Enter the 6-digit code.' }, clear: jest.fn<(field?: Field) => void>() };
    const props = bound<Field>(form, 'code', '12', () => {});
    expect(props).toMatchObject({ value: '12', error: 'Enter the 6-digit code.', required: true });
    expect(bound<Field>(form, 'email', 'a@b.az', () => {}).error).toBeUndefined();
  });

  it('passes what is typed on and clears only its own message', () => {
    const form = { errors: {}, clear: jest.fn<(field?: Field) => void>() };
    const set = jest.fn<(value: string) => void>();
    bound<Field>(form, 'code', '', set).onChange(typed('123456'));
    expect(set).toHaveBeenCalledWith('123456');
    expect(form.clear).toHaveBeenCalledTimes(1);
    expect(form.clear).toHaveBeenCalledWith('code');
  });
});
