import { ConfigError, loadConfig } from '@byline/domain/config/config';

/**
 * The message of the ConfigError that loading these settings stops with: the test fails when they are accepted or
 * when something other than a ConfigError is thrown. Every Byline process refuses a bad setting the same way at
 * start-up, so the configuration tests all ask through this one function; `load` is the configuration read
 * (`loadConfig` unless a package reads its own settings).
 */
export function configErrorOf(env: NodeJS.ProcessEnv, load: (env: NodeJS.ProcessEnv) => unknown = loadConfig): string {
  try {
    load({ ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

/**
 * A test for each bad value of each setting: the configuration stops at start-up with a ConfigError that names
 * the variable. The settings' tests list only what each variable must refuse.
 */
export function itRefusesAtStartUp(badValues: Record<string, string[]>): void {
  const cases = Object.entries(badValues).flatMap(([name, values]) => values.map((value) => [name, value] as const));
  it.each(cases)('refuses %s=%s at start-up with a ConfigError naming the variable', (name, value) => {
    expect(configErrorOf({ [name]: value })).toContain(name);
  });
}
