import { describe, expect, it } from '@jest/globals';
import {
  AppError,
  CATALOGUE,
  ERROR_CODES,
  codeForGrpcStatus,
  grpcStatusFor,
  httpStatusFor,
  isErrorCode,
  messageFor,
  successMessage,
  type Lang,
} from './index.js';

describe('lookups', () => {
  it('recognises catalogue codes only', () => {
    expect(isErrorCode('ArticleNotFound')).toBe(true);
    expect(isErrorCode('articleNotFound')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });

  it('localizes a known code', () => {
    expect(messageFor('ArticleNotFound', 'az')).toBe('Məqalə tapılmadı.');
    expect(messageFor('ArticleNotFound', 'en')).toBe('Article not found.');
    expect(messageFor('ArticleNotFound', 'ru')).toBe('Статья не найдена.');
    expect(messageFor('ArticleNotFound')).toBe('Məqalə tapılmadı.');
  });

  it("answers exactly 'Internal Server Error' for an unknown code, in every language", () => {
    for (const lang of ['az', 'en', 'ru'] as const) {
      expect(messageFor('NoSuchCode', lang)).toBe('Internal Server Error');
      expect(messageFor('', lang)).toBe('Internal Server Error');
      expect(messageFor('constructor', lang)).toBe('Internal Server Error');
    }
  });

  it('localizes the known InternalServerError code', () => {
    expect(messageFor('InternalServerError', 'en')).toBe('Internal Server Error');
    expect(messageFor('InternalServerError', 'az')).not.toBe('Internal Server Error');
    expect(messageFor('InternalServerError', 'ru')).not.toBe('Internal Server Error');
  });

  it('falls back to az for a language outside the type (untyped callers)', () => {
    expect(messageFor('ArticleNotFound', 'fr' as Lang)).toBe('Məqalə tapılmadı.');
    expect(successMessage('fr' as Lang)).toBe('Əməliyyat uğurla tamamlandı!');
  });

  it('maps statuses, unknown codes to 500 / INTERNAL', () => {
    expect(httpStatusFor('ArticleNotFound')).toBe(404);
    expect(grpcStatusFor('ArticleNotFound')).toBe(5);
    expect(httpStatusFor('NoSuchCode')).toBe(500);
    expect(grpcStatusFor('NoSuchCode')).toBe(13);
    for (const code of ERROR_CODES) {
      expect(httpStatusFor(code)).toBe(CATALOGUE[code].http);
      expect(grpcStatusFor(code)).toBe(CATALOGUE[code].grpc);
    }
  });

  it('derives a code from a bare gRPC status', () => {
    expect(codeForGrpcStatus(3)).toBe('InvalidModel');
    expect(codeForGrpcStatus(5)).toBe('NotFound');
    expect(codeForGrpcStatus(6)).toBe('OperationFailed');
    expect(codeForGrpcStatus(7)).toBe('Forbidden');
    expect(codeForGrpcStatus(8)).toBe('TooManyRequests');
    expect(codeForGrpcStatus(9)).toBe('OperationFailed');
    expect(codeForGrpcStatus(14)).toBe('NetworkError');
    expect(codeForGrpcStatus(4)).toBe('NetworkError');
    expect(codeForGrpcStatus(16)).toBe('Unauthorized');
    expect(codeForGrpcStatus(13)).toBe('InternalServerError');
    expect(codeForGrpcStatus(2)).toBe('InternalServerError');
    expect(codeForGrpcStatus(99)).toBe('InternalServerError');
    expect(codeForGrpcStatus(undefined)).toBe('InternalServerError');
    expect(codeForGrpcStatus(null)).toBe('InternalServerError');
  });

  it('round-trips the gRPC status of every generic code it derives', () => {
    for (const status of [3, 5, 7, 8, 9, 13, 14, 16]) expect(grpcStatusFor(codeForGrpcStatus(status))).toBe(status);
  });

  it('localizes the success message', () => {
    expect(successMessage('az')).toBe('Əməliyyat uğurla tamamlandı!');
    expect(successMessage('en')).toBe('The operation completed successfully!');
    expect(successMessage('ru')).toBe('Операция успешно выполнена!');
    expect(successMessage()).toBe('Əməliyyat uğurla tamamlandı!');
  });
});

describe('AppError', () => {
  it('carries its code, statuses and an English message for logs', () => {
    const error = new AppError('ArticleNotFound');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('ArticleNotFound');
    expect(error.message).toBe('Article not found.');
    expect(error.details).toBeUndefined();
    expect(error.httpStatus).toBe(404);
    expect(error.grpcStatus).toBe(5);
    expect(error.stack).toContain('AppError');
  });

  it('carries validation details, a cause and a custom log message', () => {
    const cause = new Error('db said no');
    const details = [{ field: 'title', code: 'InvalidArticleTitle' as const }];
    const error = new AppError('InvalidModel', { details, cause, message: 'article rejected' });
    expect(error.details).toEqual(details);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('article rejected');
    expect(new AppError('InvalidModel', { details: [] }).details).toBeUndefined();
    expect('cause' in new AppError('InvalidModel')).toBe(false);
  });

  it('is recognised by AppError.is, also when built by another copy of the module', () => {
    expect(AppError.is(new AppError('Forbidden'))).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'AppError', code: 'Forbidden' });
    expect(AppError.is(foreign)).toBe(true);
    expect(AppError.is(Object.assign(new Error('x'), { name: 'AppError', code: 'Nope' }))).toBe(false);
    expect(AppError.is(new Error('Forbidden'))).toBe(false);
    expect(AppError.is({ code: 'Forbidden' })).toBe(false);
    expect(AppError.is(null)).toBe(false);
    expect(AppError.is('Forbidden')).toBe(false);
  });
});
