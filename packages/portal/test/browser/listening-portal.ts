import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoreFactory } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { startPortal, type Portal } from '../support/portal-harness';

/** A portal listening on a loopback port, as a browser reaches it: the harness, its address, and its end. */
export interface ListeningPortal {
  portal: Portal;
  base: string;
  close(): Promise<void>;
}

export async function listeningPortal(factory: StoreFactory, overrides: Partial<PortalDeps> = {}): Promise<ListeningPortal> {
  const portal = await startPortal(factory, overrides);
  const server: Server = portal.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    portal,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await portal.close();
    },
  };
}
