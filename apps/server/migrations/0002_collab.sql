-- Live documents of the playground: an append-only log of Yjs updates per room,
-- compacted in the background into one snapshot (a Yjs state update).
CREATE TABLE room_doc_updates (
  id bigserial PRIMARY KEY,
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX room_doc_updates_room_idx ON room_doc_updates (room_id, id);

CREATE TABLE room_doc_snapshots (
  room_id text PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Named versions ("Save Code"): the code as it was, its author and time.
CREATE TABLE room_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX room_versions_room_idx ON room_versions (room_id, created_at DESC);
