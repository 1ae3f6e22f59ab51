import http from 'node:http';

/** Two client addresses a test can really connect from: Linux routes the whole of 127/8 to loopback. */
export const CLIENT = '127.0.0.1';
export const OTHER_CLIENT = '127.0.0.2';

export interface Listening {
  server: http.Server;
  close(): Promise<void>;
}

/** Serves the app on 127.0.0.1 on a free port, so requests can come from chosen loopback addresses. */
export async function listening(app: http.RequestListener): Promise<Listening> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, CLIENT, resolve));
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const agents = new Map<string, http.Agent>();

/** A superagent plugin: the request's connection leaves from this local address, which the server sees as req.ip. */
export function from(localAddress: string): (req: { agent(agent: http.Agent): unknown }) => void {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ localAddress })));
  return (req) => void req.agent(agent);
}
