-- The collaboration log is read only by room (its index) and its updates are opaque bytes:
-- a small statistics sample is all the planner needs. ANALYZE samples 300 rows per unit of
-- the largest column target, so the default (100) read 30,000 rows of a busy log each time
-- (86 ms on embedded PGlite, on the event loop); 10 reads 3,000.
ALTER TABLE room_doc_updates
  ALTER COLUMN id SET STATISTICS 10,
  ALTER COLUMN room_id SET STATISTICS 10,
  ALTER COLUMN data SET STATISTICS 0,
  ALTER COLUMN created_at SET STATISTICS 10;
