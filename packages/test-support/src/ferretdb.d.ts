export declare const FERRETDB_VERSION: string;
export declare function cachedBinaryPath(env?: NodeJS.ProcessEnv): string;
export declare function findFerretDbBinary(env?: NodeJS.ProcessEnv): string | null;

export interface FerretDbServer {
  readonly port: number;
  readonly dataDir: string;
  /** mongodb://127.0.0.1:PORT/ */
  readonly uri: string;
  readonly pid: number | undefined;
  output(): string;
  /** Ends the process; the data directory is kept. */
  stop(): Promise<void>;
  /** Runs it again on the same port and data directory. */
  start(): Promise<void>;
  kill(): void;
  /** Stops it and removes the data directory when it was a temporary one. */
  dispose(): Promise<void>;
}

export declare function startFerretDb(options?: {
  bin?: string;
  dataDir?: string;
  port?: number;
  readyTimeoutMs?: number;
}): Promise<FerretDbServer>;
