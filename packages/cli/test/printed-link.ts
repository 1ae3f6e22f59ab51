import request from 'supertest';
import type { Store } from '@byline/shared';
import { quietLogger } from '@byline/test-support';
import { createApp } from '../../portal/src/app';

const csrfFrom = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)![1]!;

/**
 * Follows a link the command line printed (confirm-link, reset-link) in the portal on the same store, as the account's
 * owner would: its page opens, its form posts back to its path with the password, and the link is spent after.
 */
export async function usePrintedLink(store: Store, link: string, password: string): Promise<void> {
  const agent = request.agent(createApp({ store, logger: quietLogger() }));
  const { pathname, search, searchParams } = new URL(link);
  const form = await agent.get(pathname + search);
  expect(form.status).toBe(200);
  const used = await agent
    .post(pathname)
    .type('form')
    .send({ token: searchParams.get('token'), password, _csrf: csrfFrom(form.text) });
  expect(used.status).toBe(303);
  expect((await agent.get(pathname + search)).status).toBe(410);
}
