import { hashPassword, passwordHashParams, passwordMatches } from '@byline/editorial/users/passwords';

describe('password hashes', () => {
  it("cost scrypt N=2^15, r=8 everywhere but under test (the images set NODE_ENV=production; unset is production's)", () => {
    expect(passwordHashParams('production')).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(passwordHashParams(undefined)).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(passwordHashParams('development')).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(passwordHashParams('test')).toEqual({ N: 2 ** 10, r: 8, p: 1 });
  });

  it('are checked at the cost each hash records, whatever the cost of new hashes', async () => {
    const madeInProduction = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'x'.repeat(43);
    await expect(passwordMatches(madeInProduction, 'a password')).resolves.toBe(false);
    const made = await hashPassword('a password of ours');
    const production = made.replace(/^scrypt\$\d+\$/, 'scrypt$32768$');
    // The same salt and password at another cost give another key: the recorded cost is the one used.
    await expect(passwordMatches(production, 'a password of ours')).resolves.toBe(false);
    await expect(passwordMatches(made, 'a password of ours')).resolves.toBe(true);
  });
});
