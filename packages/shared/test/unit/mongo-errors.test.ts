import { MongoNetworkError, MongoServerError } from 'mongodb';
import { cannotWriteProblem, isTransient, unavailableOr } from '@byline/store-mongodb/store/mongo-errors';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';

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

  it('takes a full disk for a store that cannot write (503 and readiness refused), whatever the server says it with', () => {
    const full = [
      serverError(14031, 'Both data and log files are on a full disk'),
      serverError(1, '[pool.go:95 sqlite.(*Pool).Open] database or disk is full (13)'),
      serverError(1, 'write /data/byline.sqlite-wal: no space left on device'),
    ];
    for (const error of full) {
      expect(cannotWriteProblem(error)).toBe('the database server has no space left to write');
      expect(unavailableOr(error)).toBeInstanceOf(StoreUnavailableError);
    }
    const ioError = serverError(1, '[db.go:167 fsql.(*DB).InTransaction] disk I/O error (778)');
    expect(cannotWriteProblem(ioError)).toMatch(/I\/O error/);
    expect(unavailableOr(ioError)).toBeInstanceOf(StoreUnavailableError);
    expect(cannotWriteProblem(serverError(2, 'unknown operator: $foo'))).toBeNull();
    expect(cannotWriteProblem(new MongoNetworkError('connection closed'))).toBeNull();
  });
});
