-- Sales rollups (issue 11 item 6): mark a closed Kampala day in sales_rollup_dirty when anything its
-- rollup sums changes, so the next report rebuilds it (modules/reports/sales-rollup.service.ts).
-- Only days before today (Africa/Kampala, the shop's day, UTC+3) are marked: checkout and the status
-- changes of today's orders write nothing here. The report treats yesterday as open until 00:15, so
-- a change made just before midnight and committed just after is never missed. Marks are inserts
-- only, never upserts, so two transactions marking the same day do not wait on each other.
CREATE FUNCTION sales_rollup_mark(d date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_rollup_dirty (day) SELECT d WHERE d < (clock_timestamp() AT TIME ZONE 'Africa/Kampala')::date
$$;
--> statement-breakpoint
CREATE FUNCTION sales_rollup_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_rollup_mark((OLD.created_at AT TIME ZONE 'Africa/Kampala')::date);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    PERFORM sales_rollup_mark((NEW.created_at AT TIME ZONE 'Africa/Kampala')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the columns the rollups read, and of the statuses only whether the order counts: an order of
-- yesterday delivered today marks nothing.
CREATE TRIGGER orders_sales_rollup_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.created_at, OLD.outlet_id, OLD.payment_method, OLD.subtotal_amount, OLD.delivery_fee, OLD.total_amount,
         OLD.discount_amount, OLD.status = 'cancelled', OLD.payment_status = 'refunded', OLD.payment_status = 'failed')
        IS DISTINCT FROM
        (NEW.created_at, NEW.outlet_id, NEW.payment_method, NEW.subtotal_amount, NEW.delivery_fee, NEW.total_amount,
         NEW.discount_amount, NEW.status = 'cancelled', NEW.payment_status = 'refunded', NEW.payment_status = 'failed'))
  EXECUTE FUNCTION sales_rollup_order_changed();
--> statement-breakpoint
CREATE TRIGGER orders_sales_rollup_delete AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION sales_rollup_order_changed();
--> statement-breakpoint
-- Inserts per statement: a checkout's one new order costs one look at it; a restore or a seed that
-- inserts a year of orders marks each day once.
CREATE FUNCTION sales_rollup_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_rollup_mark(d) FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Africa/Kampala')::date AS d FROM inserted) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_orders_inserted();
--> statement-breakpoint
-- Order lines: the day of the order they belong to (before and after the change).
CREATE FUNCTION sales_rollup_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_rollup_mark(d) FROM (
      SELECT DISTINCT (o.created_at AT TIME ZONE 'Africa/Kampala')::date AS d FROM new_items i JOIN orders o ON o.id = i.order_id) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_rollup_mark(d) FROM (
      SELECT DISTINCT (o.created_at AT TIME ZONE 'Africa/Kampala')::date AS d FROM old_items i JOIN orders o ON o.id = i.order_id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_sales_rollup_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_rollup_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_rollup_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_items_changed();
--> statement-breakpoint
-- A product changing category moves its sales between the category rows of every day it sold on.
-- Those days are read from the rollup itself, after taking the lock a rebuild holds: a rebuild in
-- progress read the old category, so its rows must be committed and seen here.
CREATE FUNCTION sales_rollup_category_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(724301);
  PERFORM sales_rollup_mark(d) FROM (SELECT DISTINCT day AS d FROM sales_daily_products WHERE product_id = NEW.id) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_sales_rollup_category AFTER UPDATE OF category_id ON products FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION sales_rollup_category_changed();
--> statement-breakpoint
-- Emptying the orders (tests, a restore) leaves every built day to rebuild.
CREATE FUNCTION sales_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_rollup_dirty (day) SELECT day FROM sales_rollup_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_rollup_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER order_items_sales_rollup_truncate AFTER TRUNCATE ON order_items FOR EACH STATEMENT EXECUTE FUNCTION sales_rollup_truncated();
