import { createApiKey, type KeyPair } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { aProfile } from '../builders';
import { capturingLogger, seed } from '../harness';
import { serviceFixture } from '../http';
import { checkedRequest as request } from '../openapi-conformance';
import { storeFactories } from '../stores';
import { explodingStore, type CreateApp, type VerifierOperation } from './operations';

/** What a verification operation logs: every request by its id, never a credential (call inside the service's test file). */
export function describeLogging(operation: VerifierOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: credentials never reach the logs ($name store)`, (factory) => {
    const capture = capturingLogger();
    const service = serviceFixture(factory, createApp, {
      logger: capture.logger,
      wrapStore: explodingStore(operation, 'lookup exploded'),
    });
    const profile = aProfile();
    let pair: KeyPair;

    beforeAll(async () => {
      await seed(service.store, profile);
      pair = await createApiKey(repositoriesOf(service.store).apiKeys, 'logging@example.org');
    });

    const send = (header: string, value: string, id: string, fields: Record<string, unknown>) =>
      operation.send(request(service.app).post(operation.path).set(header, value).set('X-Request-Id', id), fields);

    it('logs each request with its id, but never the secret or the header value', async () => {
      const found = operation.lookup(profile);
      const wrongSecret = pair.secret.split('').reverse().join('');
      const sent = [
        { id: 'log-ok', header: 'Authorization', value: `Bearer ${pair.token}`, fields: found, status: 200 },
        { id: 'log-ok-authentication', header: 'Authentication', value: `bearer ${pair.token}`, fields: found, status: 200 },
        { id: 'log-ok-upper-case', header: 'Authentication', value: `BEARER ${pair.token}`, fields: found, status: 200 },
        {
          id: 'log-wrong-secret',
          header: 'Authorization',
          value: `Bearer ${pair.key}:${wrongSecret}`,
          fields: found,
          status: 401,
        },
        {
          id: 'log-wrong-secret-authentication',
          header: 'Authentication',
          value: `Bearer ${pair.key}:${wrongSecret}`,
          fields: found,
          status: 401,
        },
        { id: 'log-malformed', header: 'Authorization', value: `Bearer ${pair.key}${pair.secret}`, fields: found, status: 401 },
        { id: 'log-secret-alone', header: 'Authorization', value: `Bearer ${pair.secret}`, fields: found, status: 401 },
        { id: 'log-empty-key', header: 'Authorization', value: `Bearer :${pair.secret}`, fields: found, status: 401 },
        { id: 'log-basic', header: 'Authentication', value: `Basic ${pair.token}`, fields: found, status: 401 },
        { id: 'log-invalid', header: 'Authorization', value: `Bearer ${pair.token}`, fields: operation.invalid, status: 422 },
        { id: 'log-unverified', header: 'Authorization', value: `Bearer ${pair.token}`, fields: operation.unknown, status: 200 },
        { id: 'log-500', header: 'Authorization', value: `Bearer ${pair.token}`, fields: operation.exploding, status: 500 },
      ];

      for (const { id, header, value, fields, status } of sent) {
        expect({ id, status: (await send(header, value, id, fields)).status }).toEqual({ id, status });
      }

      const logged = capture.output();
      expect(logged).toContain('lookup exploded');
      for (const { id, value } of sent) {
        expect(logged).toContain(`"request_id":"${id}"`);
        expect(logged).not.toContain(value);
      }
      expect(logged).not.toContain(pair.secret);
      expect(logged).not.toContain(wrongSecret);
    });

    it('logs what went wrong in an unexpected error, for the operator', async () => {
      await send('Authorization', `Bearer ${pair.token}`, 'log-500-detail', operation.exploding);

      const entry = capture
        .output()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .find((e) => e.request_id === 'log-500-detail' && e.level === 'error');
      expect(JSON.stringify(entry)).toContain('lookup exploded');
    });
  });
}
