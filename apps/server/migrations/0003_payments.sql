-- Plans and payments (issue 8): our own record of what each user has paid for.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('basic', 'pro')),
  provider text NOT NULL CHECK (provider IN ('razorpay', 'test')),
  provider_subscription_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'cancelling', 'ended', 'revoked')),
  paid_until timestamptz,
  trial_days integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  status text NOT NULL CHECK (status IN ('completed', 'cancelled')),
  razorpay_payment_id text NOT NULL UNIQUE,
  razorpay_subscription_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at);
-- The analytics page: newest first, ties broken by id, read straight off this index.
CREATE INDEX payments_created_idx ON payments (created_at, id);

CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  received_at timestamptz NOT NULL
);

-- Analytics totals kept by a trigger in the same transaction as each payment change, so
-- POST /payments/all reads one row instead of scanning every payment (100,000+).
CREATE TABLE payment_totals (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  total_count bigint NOT NULL DEFAULT 0,
  completed_count bigint NOT NULL DEFAULT 0,
  completed_revenue bigint NOT NULL DEFAULT 0
);
INSERT INTO payment_totals DEFAULT VALUES;

-- Completed revenue per calendar month in India time (the revenue chart).
CREATE TABLE payment_revenue_months (
  month text PRIMARY KEY,
  completed_revenue bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION payments_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE payment_totals SET
      total_count = total_count - 1,
      completed_count = completed_count - (OLD.status = 'completed')::int,
      completed_revenue = completed_revenue - CASE WHEN OLD.status = 'completed' THEN OLD.amount ELSE 0 END;
    IF OLD.status = 'completed' THEN
      UPDATE payment_revenue_months SET completed_revenue = completed_revenue - OLD.amount
        WHERE month = to_char(OLD.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM');
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE payment_totals SET
      total_count = total_count + 1,
      completed_count = completed_count + (NEW.status = 'completed')::int,
      completed_revenue = completed_revenue + CASE WHEN NEW.status = 'completed' THEN NEW.amount ELSE 0 END;
    IF NEW.status = 'completed' THEN
      INSERT INTO payment_revenue_months (month, completed_revenue)
        VALUES (to_char(NEW.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'), NEW.amount)
        ON CONFLICT (month) DO UPDATE SET completed_revenue = payment_revenue_months.completed_revenue + EXCLUDED.completed_revenue;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_totals AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_totals_apply();
