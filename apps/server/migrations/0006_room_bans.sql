-- Users the owner removed (kicked) from a room: refused on every way in (REST join,
-- /editor join, /collab) until the owner lets them back in (issue 42).
CREATE TABLE room_bans (
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, user_id)
);
