/** The part of @digitalbazaar/vc-bitstring-status-list (ships no types) the tests use to decode lists independently. */
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length: number });
    length: number;
    getStatus(index: number): boolean;
    setStatus(index: number, status: boolean): void;
    encode(): Promise<string>;
  }
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
}
