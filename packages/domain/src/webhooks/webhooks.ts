import { portWithRules } from '../store/port-with-rules';
import { redactAboutErasedJournalists } from '../webhook-events/erased-journalist';
import type { WebhookPorts, WebhooksRuledChanges, WebhooksStore } from './webhooks-store';

/** Both webhook ports over either database's store, with their rule: the redaction of erased journalists. */
export function webhooksOver(store: WebhooksStore): WebhookPorts {
  return portWithRules<WebhookPorts, WebhooksRuledChanges>(store, {
    redactAboutErasedJournalists: () => redactAboutErasedJournalists(store),
  });
}
