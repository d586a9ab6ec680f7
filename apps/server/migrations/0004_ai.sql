-- The room assistant (issue 9): one shared conversation per room.
CREATE TABLE ai_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  action text NOT NULL CHECK (action IN ('chat', 'explain', 'fix', 'tests', 'improve')),
  content text NOT NULL,
  -- The asker; the name is kept as it was when they asked.
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  reply_to uuid REFERENCES ai_messages (id) ON DELETE CASCADE,
  selected_text text,
  status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'stopped')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_messages_room_idx ON ai_messages (room_id, created_at);

-- Who applied or inserted which code block of an answer.
CREATE TABLE ai_applies (
  id serial PRIMARY KEY,
  message_id uuid NOT NULL REFERENCES ai_messages (id) ON DELETE CASCADE,
  block_index integer NOT NULL,
  mode text NOT NULL CHECK (mode IN ('apply', 'insert')),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_applies_message_idx ON ai_applies (message_id);
