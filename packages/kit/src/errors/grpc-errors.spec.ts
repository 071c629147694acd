import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError } from '@pencraft/errors';
import { ERROR_CODE_KEY, ERROR_PARAMS_KEY, fromGrpcError, toGrpcError } from './grpc-errors.js';

function asServiceError(error: ReturnType<typeof toGrpcError>): ServiceError {
  return Object.assign(new Error(error.message), error) as unknown as ServiceError;
}

describe('errors across gRPC', () => {
  it('carries the catalogue code and field details from server to client', () => {
    const sent = toGrpcError(new AppError('InvalidEmail', { details: [{ field: 'email', code: 'InvalidEmail' }] }));
    expect(sent.code).toBe(status.INVALID_ARGUMENT);
    const received = fromGrpcError(asServiceError(sent));
    expect(received.code).toBe('InvalidEmail');
    expect(received.details).toEqual([{ field: 'email', code: 'InvalidEmail' }]);
  });

  it('carries the params a message needs (a ban reason and end), flat strings and numbers only', () => {
    const sent = toGrpcError(
      new AppError('UserBanned', { params: { reason: 'spam', until: '2026-12-01T00:00:00.000Z' } }),
    );
    expect(fromGrpcError(asServiceError(sent)).params).toEqual({ reason: 'spam', until: '2026-12-01T00:00:00.000Z' });

    const metadata = new Metadata();
    metadata.set(ERROR_CODE_KEY, 'Flood');
    metadata.set(ERROR_PARAMS_KEY, JSON.stringify({ retryAfter: 30, nested: { x: 1 }, list: [1] }));
    const error = Object.assign(new Error('x'), { code: status.RESOURCE_EXHAUSTED, details: 'x', metadata });
    expect(fromGrpcError(error as ServiceError).params).toEqual({ retryAfter: 30 });
  });

  it('hides unexpected errors behind InternalServerError', () => {
    const sent = toGrpcError(new Error('relation "x" does not exist'));
    expect(sent.code).toBe(status.INTERNAL);
    expect(sent.message).not.toContain('relation');
    expect(fromGrpcError(asServiceError(sent)).code).toBe('InternalServerError');
  });

  it('maps an unreachable or slow service to NetworkError', () => {
    for (const code of [status.UNAVAILABLE, status.DEADLINE_EXCEEDED]) {
      const error = Object.assign(new Error('down'), {
        code,
        details: 'down',
        metadata: new Metadata(),
      }) as ServiceError;
      expect(fromGrpcError(error).code).toBe('NetworkError');
    }
  });

  it('ignores a code that is not in the catalogue and falls back on the status', () => {
    const metadata = new Metadata();
    metadata.set(ERROR_CODE_KEY, 'NotARealCode');
    const error = Object.assign(new Error('x'), { code: status.NOT_FOUND, details: 'x', metadata }) as ServiceError;
    expect(fromGrpcError(error).code).toBe('NotFound');
  });
});
