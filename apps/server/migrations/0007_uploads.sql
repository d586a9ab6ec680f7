-- Uploaded files (profile pictures) live in the database, so that every server process
-- serves them (issue 39 §4); files already under DATA_DIR/uploads are moved in at start.
CREATE TABLE uploads (
  name text PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner_idx ON uploads (owner_id);
