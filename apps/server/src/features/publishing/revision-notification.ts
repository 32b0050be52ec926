// A published revision is announced with NOTIFY on this channel, in the publishing
// transaction, so listeners (db/listener.ts) hear of it only once it is committed. The payload is
// JSON: {"environmentId": "dev", "revision": 7}.

export const RUNTIME_REVISION_CHANNEL = 'runtime_revision';

export interface RevisionNotification {
  environmentId: string;
  revision: number;
}

export const revisionNotificationText = (notification: RevisionNotification): string =>
  JSON.stringify({ environmentId: notification.environmentId, revision: notification.revision });

/** The notification in a NOTIFY payload, or null for a payload that is not one. */
export function parseRevisionNotification(payload: string): RevisionNotification | null {
  try {
    const value = JSON.parse(payload) as Partial<RevisionNotification> | null;
    if (typeof value?.environmentId !== 'string') return null;
    if (!Number.isInteger(value.revision) || (value.revision as number) < 1) return null;
    return { environmentId: value.environmentId, revision: value.revision as number };
  } catch {
    return null;
  }
}
