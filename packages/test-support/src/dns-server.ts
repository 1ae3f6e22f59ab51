/**
 * A real DNS server on 127.0.0.1 (dns2, over UDP) answering made-up names, for DNS_SERVERS: A and AAAA records
 * from the addresses given, TXT records, NXDOMAIN for a name it does not know.
 */
import net from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

export interface DnsRecords {
  /** IPv4 and IPv6 addresses: answered as A and AAAA records. */
  addresses?: string[];
  /** Each string one TXT record. */
  txt?: string[];
}

export interface TestDnsServer {
  /** The server as DNS_SERVERS takes it: `127.0.0.1:PORT`. */
  server: string;
  /** The names asked so far, each with its record type (`site.byline.test A`). */
  queries: string[];
  /** Replaces a name's records (or adds the name): for a test whose records are known only once it runs (a token). */
  set(name: string, records: DnsRecords): void;
  close(): Promise<void>;
}

export async function startDnsServer(zone: Record<string, DnsRecords>): Promise<TestDnsServer> {
  const queries: string[] = [];
  const keyOf = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const byName = new Map(Object.entries(zone).map(([name, records]) => [keyOf(name), records]));
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return void send(response);
      const name = keyOf(question.name);
      const typeName = Object.entries(Packet.TYPE).find(([, code]) => code === question.type)?.[0] ?? String(question.type);
      queries.push(`${name} ${typeName}`);
      const records = byName.get(name);
      if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return void send(response);
      }
      const answer = (record: { address: string } | { data: string }) =>
        response.answers.push(Packet.createResourceFromQuestion(question, { type: question.type, ttl: 1, ...record }));
      const family = question.type === Packet.TYPE.A ? 4 : question.type === Packet.TYPE.AAAA ? 6 : 0;
      for (const address of records.addresses ?? []) if (family && net.isIP(address) === family) answer({ address });
      if (question.type === Packet.TYPE.TXT) for (const data of records.txt ?? []) answer({ data });
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${addresses.udp!.port}`,
    queries,
    set: (name, records) => void byName.set(keyOf(name), records),
    close: () => server.close(),
  };
}
