/**
 * The test provider's sign-in and consent pages in a real browser, as the portal's browser journey will use
 * them: chromium follows the authorization address, fills in `login`, presses "Sign in" then "Allow", and is
 * sent back to the callback, which completes the sign-in.
 */
import { startOidcProvider, type TestProvider } from '@byline/test-support';
import { networkSignInFor } from './portal-networks';
import { chromiumAvailable, launchPhoneBrowser, withScreenshotOnFailure } from '../browser/chromium';

const runIt = chromiumAvailable() ? it : it.skip;
const CALLBACK = 'http://portal.test/profile/proofs/callback';

describe('the test provider’s pages in a browser', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [CALLBACK],
      accounts: { niamh: { sub: 'li-1001', preferred_username: 'niamh-cassidy-galway' } },
      tokenEndpointAuthMethod: 'client_secret_post',
    });
  });
  afterAll(() => provider.stop());

  runIt('signs in through the forms and comes back to the callback', async () => {
    const env = {
      SIGNIN_LINKEDIN_CLIENT_ID: provider.clientId,
      SIGNIN_LINKEDIN_CLIENT_SECRET: provider.clientSecret,
      SIGNIN_LINKEDIN_ISSUER: provider.issuer,
      SIGNIN_LINKEDIN_USERNAME_CLAIM: 'preferred_username',
    };
    const signIn = networkSignInFor(env);
    const start = await signIn.begin('linkedin', CALLBACK);
    const browser = await launchPhoneBrowser();
    try {
      const page = await browser.context.newPage();
      // The portal is not running here: the callback is answered in the browser and its address kept.
      await page.route('http://portal.test/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<p>callback</p>' }),
      );
      await withScreenshotOnFailure(page, 'test-provider-sign-in', async () => {
        await page.goto(start.authorizationUrl);
        await page.getByLabel('Username').fill('niamh');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Allow' }).click();
        await page.waitForURL(`${CALLBACK}?**`);
      });
      const account = await signIn.complete('linkedin', { callbackUrl: page.url(), ...start });
      expect(account).toEqual({
        username: 'niamh-cassidy-galway',
        subject: 'li-1001',
        provider: { id: provider.issuer, name: 'LinkedIn' },
      });
    } finally {
      await browser.close();
    }
  });
});
