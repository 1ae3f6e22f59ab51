import { MongoNetworkError, MongoServerError } from 'mongodb';
import { isTransient, unavailableOr } from '../../src/store/mongo/mongo-errors';
import { StoreUnavailableError } from '../../src/store/store';

const serverError = (code: number, message: string) => new MongoServerError({ ok: 0, code, errmsg: message, message });

describe('MongoDB errors: outage or bug', () => {
  it('counts a query FerretDB cancels while shutting down as an outage', () => {
    const cancelled = serverError(
      1,
      '[msg_find.go:344 handler.handleMaxTimeMSError] [collection.go:94 sqlite.(*collection).Query] context canceled',
    );
    expect(isTransient(cancelled)).toBe(true);
    expect(unavailableOr(cancelled)).toBeInstanceOf(StoreUnavailableError);
  });

  it('counts shutdown and network failures as outages', () => {
    expect(isTransient(serverError(91, 'The server is in quiesce mode and will shut down'))).toBe(true);
    expect(isTransient(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'))).toBe(true);
  });

  it('passes other server errors through as they are', () => {
    const badValue = serverError(2, 'unknown operator: $foo');
    expect(isTransient(badValue)).toBe(false);
    expect(unavailableOr(badValue)).toBe(badValue);
    expect(isTransient(serverError(1, 'internal error: a bug, not an outage'))).toBe(false);
  });
});
