import http from 'node:http';
import request from 'supertest';

/** Two client addresses a test can really connect from: Linux routes the whole of 127/8 to loopback. */
export const CLIENT = '127.0.0.1';
export const OTHER_CLIENT = '127.0.0.2';

export type ClientAgent = ReturnType<typeof request.agent>;

const connections = new Map<string, http.Agent>();

function connectionFrom(localAddress: string): http.Agent {
  let connection = connections.get(localAddress);
  if (!connection) connections.set(localAddress, (connection = new http.Agent({ localAddress })));
  return connection;
}

/** A superagent plugin: the request's connection leaves from this local address, which the server sees as req.ip. */
export function from(localAddress: string): (req: { agent(agent: http.Agent): unknown }) => void {
  const connection = connectionFrom(localAddress);
  return (req) => void req.agent(connection);
}

/** A cookie-keeping client of this server (listening) or base URL whose connections leave from this local address. */
export function agentFrom(target: http.Server | string, localAddress: string): ClientAgent {
  return request.agent(target).use(from(localAddress));
}

export interface Listening {
  server: http.Server;
  agentFrom(localAddress: string): ClientAgent;
  close(): Promise<void>;
}

/** Serves the app on 127.0.0.1 on a free port, so requests can come from chosen loopback addresses. */
export async function listening(app: http.RequestListener): Promise<Listening> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, CLIENT, resolve));
  return {
    server,
    agentFrom: (localAddress) => agentFrom(server, localAddress),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
