-- The webhooks' delivery queue (features/webhooks: webhook.deliver), created here by the owner so that a
-- database cloned from a migrated one has its partition already: an app defining it at start then finds it
-- (pgboss.create_queue does nothing for a queue that exists) and only sets its options.
SELECT pgboss.create_queue('webhook.deliver', '{"policy": "standard", "retryLimit": 5, "retryDelay": 5, "retryBackoff": true}');
