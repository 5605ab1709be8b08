-- The rest of 012's indexes (docs/decisions.md D8): the columns that name a user in tables 012
-- cannot index yet on a new database, because a later migration makes them (020) or rebuilds
-- them (013), which drops their indexes. 012 deletes anonymous users who wrote nothing; without
-- these, each one deleted made SQLite read every payment event, and "has this visitor written
-- anything" read every contact message.
CREATE INDEX messages_user ON messages (user_id);
CREATE INDEX IF NOT EXISTS payment_events_actor_idx ON payment_events (actor_user_id);
