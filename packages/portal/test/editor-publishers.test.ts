import { editor } from './support/editors';
import { portalStoreFactories, signedUp, submit, type Agent } from './support/portal-harness';
import { checkedWithTxtRecord, createdPublisher, freshDomain, publishersPortalPerTest } from './support/publishers';

const OWN_PUBLISHER = 'You administer this publisher: another editor must verify it or withdraw its verification.';

describe.each(portalStoreFactories())('publishers: editors verify them ($name store)', (factory) => {
  const { dns, portal } = publishersPortalPerTest(factory);

  /** A publisher created by `admin` (a new person by default) with a domain proven by its TXT record. */
  async function provenPublisher(name: string, admin?: { agent: Agent }) {
    const { agent } = admin ?? (await signedUp(portal.app));
    const path = await createdPublisher(agent, name);
    const domain = freshDomain();
    const checked = await checkedWithTxtRecord(agent, dns, path, domain);
    if (checked.status !== 303) throw new Error(`check failed: ${checked.status}`);
    const publisher = (await portal.repositories.publishers.findBySlug(path.split('/').pop()!))!;
    return { agent, path, domain, publisher };
  }

  const decide = (desk: { agent: Agent }, path: string, decision: 'verify' | 'unverify', note: string) =>
    submit(desk.agent, path, `/editor${path}/${decision}`, { note });

  it('lists every publisher for editors, with its state and proven domains, linked from their navigation', async () => {
    const ledger = await provenPublisher('The Leinster Ledger');
    const other = await signedUp(portal.app);
    await createdPublisher(other.agent, 'Aardvark News');
    const desk = await editor(portal);

    const list = await desk.agent.get('/editor/publishers');
    expect(list.status).toBe(200);
    expect(list.text).toMatch(/href="\/editor\/publishers"( aria-current="page")?>All publishers<\/a>/);
    const rows = [
      ...list.text.matchAll(/<a href="\/publishers\/([^"]+)">[^<]*<\/a><\/td>\s*<td data-label="State" class="state-(\w+)">/g),
    ].map(([, slug, state]) => `${slug} ${state}`);
    expect(rows).toEqual(['aardvark-news unverified', 'the-leinster-ledger unverified']);
    expect(list.text).toContain(`<td data-label="Proven domains">${ledger.domain}</td>`);
    expect(list.text).toContain('<td data-label="Proven domains">—</td>');
  });

  it('verifies a publisher with a note, which its history shows, and withdraws it with another', async () => {
    const { agent: admin, path, publisher, domain } = await provenPublisher('The Leinster Ledger');
    const desk = await editor(portal);
    const page = await desk.agent.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/editor${path}/verify"`);
    expect(page.text).toContain('Why you verify this publisher (required)');

    const verified = await decide(desk, path, 'verify', 'Masthead and staff page checked by phone');
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe(`${path}?done=1`);
    const after = await desk.agent.get(verified.headers.location as string);
    expect(after.text).toContain('The Leinster Ledger is verified.');
    expect(after.text).toContain(`by ${desk.email}`);
    expect(after.text).toMatch(
      new RegExp(
        `class="action-verified">Verified</td>\\s*<td data-label="By">${desk.email}</td>\\s*<td data-label="Note">Masthead and staff page checked by phone</td>`,
      ),
    );
    expect(after.text).toContain(`action="/editor${path}/unverify"`);
    // Its admin, whom the editor judged, sees the editor by role: never the editor's address.
    const seenByAdmin = (await admin.get(path)).text;
    expect(seenByAdmin).toContain('by an editor');
    expect(seenByAdmin).toMatch(/<td data-label="By">an editor<\/td>\s*<td data-label="Note">Masthead and staff page checked/);
    expect(seenByAdmin).not.toContain(desk.email);
    expect(await portal.repositories.publishers.findById(publisher.id)).toMatchObject({ verifiedBy: desk.email });
    // Verified, with its domain proven, it now answers for the domain's pages.
    expect((await portal.repositories.publisherDomains.matchHost(`www.${domain}`))?.publisher.id).toBe(publisher.id);
    expect((await desk.agent.get('/editor/publishers')).text).toContain('class="state-verified"');

    const again = await decide(desk, path, 'verify', 'Twice');
    expect((await desk.agent.get(again.headers.location as string)).text).toContain('The Leinster Ledger is already verified.');

    const withdrawn = await decide(desk, path, 'unverify', 'The outlet closed');
    expect(withdrawn.status).toBe(303);
    const closed = await desk.agent.get(withdrawn.headers.location as string);
    expect(closed.text).toContain('The Leinster Ledger’s verification is withdrawn.');
    expect(closed.text).toMatch(
      new RegExp(
        `class="action-unverified">Verification withdrawn</td>\\s*<td data-label="By">${desk.email}</td>\\s*<td data-label="Note">The outlet closed</td>`,
      ),
    );
    expect(await portal.repositories.publishers.findById(publisher.id)).toMatchObject({ verifiedAt: null, verifiedBy: null });
    expect(await portal.repositories.publisherDomains.matchHost(domain)).toBeNull();
    expect((await portal.repositories.publisherHistory.historyOf(publisher.id)).map((event) => event.action)).toEqual([
      'unverified',
      'verified',
      'domain-proven',
      'domain-added',
      'created',
    ]);
  });

  it('refuses a decision without a note (422), naming it, and records nothing', async () => {
    const { path, publisher } = await provenPublisher('Note Needed');
    const desk = await editor(portal);
    const res = await decide(desk, path, 'verify', '   ');
    expect(res.status).toBe(422);
    expect(res.text).toContain('The note is required: say why (it is kept in the publisher’s history).');
    expect(res.text).toContain('aria-invalid="true"');
    expect((await portal.repositories.publishers.findById(publisher.id))!.verifiedAt).toBeNull();
    expect((await portal.repositories.publisherHistory.historyOf(publisher.id)).map((event) => event.action)).not.toContain(
      'verified',
    );
  });

  it('refuses (403) an editor who administers the publisher, and lets another editor verify it', async () => {
    const self = await editor(portal);
    const { path, publisher } = await provenPublisher('Editor’s Own Weekly', self);
    const page = await self.agent.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain(OWN_PUBLISHER);
    expect(page.text).not.toContain(`action="/editor${path}/verify"`);
    for (const decision of ['verify', 'unverify'] as const) {
      // Posted with a token from a page the editor may open: the refusal is the route's, whatever the note says.
      const res = await decide(self, path, decision, 'Trust me');
      expect({ decision, status: res.status }).toEqual({ decision, status: 403 });
      expect(res.text).toContain(OWN_PUBLISHER);
    }
    expect((await portal.repositories.publishers.findById(publisher.id))!.verifiedAt).toBeNull();

    const colleague = await editor(portal);
    expect((await decide(colleague, path, 'verify', 'Checked by a colleague')).status).toBe(303);
    expect(await portal.repositories.publishers.findById(publisher.id)).toMatchObject({ verifiedBy: colleague.email });
  });

  it('keeps non-editors out of the editors’ routes (403), admins included', async () => {
    const { agent, path, publisher } = await provenPublisher('Self Service Times');
    const list = await agent.get('/editor/publishers');
    expect(list.status).toBe(403);
    expect(list.text).toContain('Only editors can do this.');
    expect((await agent.get(path)).text).not.toContain('/editor/publishers');
    for (const decision of ['verify', 'unverify'] as const) {
      const res = await decide({ agent }, path, decision, 'I am the admin');
      expect({ decision, status: res.status }).toEqual({ decision, status: 403 });
    }
    expect((await portal.repositories.publishers.findById(publisher.id))!.verifiedAt).toBeNull();
  });

  it('refuses an editor’s decision without its CSRF token (403)', async () => {
    const { path, publisher } = await provenPublisher('Forgery Gazette');
    const desk = await editor(portal);
    const res = await desk.agent.post(`/editor${path}/verify`).type('form').send({ note: 'No token' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('This form has expired or did not come from this site.');
    expect((await portal.repositories.publishers.findById(publisher.id))!.verifiedAt).toBeNull();
  });
});
