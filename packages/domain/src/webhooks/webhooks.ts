import { portWithRules } from '../database/port-with-rules';
import { redactAboutErasedJournalists } from '../webhook-events/erased-journalist';
import type { Webhooks, WebhooksRuledChanges, WebhooksStore } from './webhooks-repository';

/** The Webhooks port over either database's store, with its rule: the redaction of erased journalists. */
export function webhooksOver(store: WebhooksStore): Webhooks {
  return portWithRules<Webhooks, WebhooksRuledChanges>(store, {
    redactAboutErasedJournalists: () => redactAboutErasedJournalists(store),
  });
}
