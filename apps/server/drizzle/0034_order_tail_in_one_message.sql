-- An order's contended tail (its stock, its coupon's use, the COMMIT) goes to the PostgreSQL server
-- as one message, so the hot rows are released at the database's speed, not after a turn of the
-- app's event loop. For that a refusal must be an error, which aborts the transaction and turns the
-- COMMIT queued behind it into a ROLLBACK: take_order_stock now raises where it used to return
-- {"short"} or {"unsellable"}, and a coupon's use is counted by a function that raises when none is
-- left. The error's DETAIL carries what the refusal tells the customer, since nothing may be read in
-- an aborted transaction.
--   MS001 order_stock_short       DETAIL {"productId", "left"}: the outlet has fewer than the line
--   MS002 order_stock_unsellable  DETAIL {"productId"}: what it has is past its sell-by date
--   MS003 coupon_used_up          the coupon stopped being usable since the order looked it up
CREATE OR REPLACE FUNCTION take_order_stock(p_outlet uuid, p_lines jsonb, p_order uuid, p_actor text, p_first_sellable date)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  l record;
  b record;
  v_stock integer;
  v_total integer;
  v_left integer;
  v_n integer;
  v_taken jsonb := '[]'::jsonb;
BEGIN
  FOR l IN SELECT x.product_id, x.quantity FROM jsonb_to_recordset(p_lines) AS x(product_id uuid, quantity integer) ORDER BY x.product_id LOOP
    UPDATE outlet_products op SET stock = op.stock - l.quantity, updated_at = now()
    WHERE op.outlet_id = p_outlet AND op.product_id = l.product_id AND op.stock >= l.quantity AND op.is_available
    RETURNING op.stock, (SELECT p.stock FROM products p WHERE p.id = op.product_id) INTO v_stock, v_total;
    IF NOT FOUND THEN
      SELECT op.stock INTO v_left FROM outlet_products op
      WHERE op.outlet_id = p_outlet AND op.product_id = l.product_id AND op.is_available;
      RAISE EXCEPTION 'order_stock_short' USING ERRCODE = 'MS001',
        DETAIL = jsonb_build_object('productId', l.product_id, 'left', coalesce(v_left, 0))::text;
    END IF;
    v_left := l.quantity;
    FOR b IN SELECT sb.id, sb.quantity FROM stock_batches sb
      WHERE sb.outlet_id = p_outlet AND sb.product_id = l.product_id AND sb.status = 'live' AND sb.quantity > 0
        AND (sb.use_by IS NULL OR sb.use_by >= p_first_sellable)
      ORDER BY sb.use_by NULLS FIRST, sb.created_at, sb.id
      FOR UPDATE
    LOOP
      v_n := least(v_left, b.quantity);
      UPDATE stock_batches SET quantity = quantity - v_n WHERE id = b.id;
      v_left := v_left - v_n;
      INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, kind, reason, order_id, batch_id, actor_id)
      VALUES (l.product_id, p_outlet, -v_n, v_stock + v_left, 'order', 'Order placed', p_order, b.id, p_actor);
      EXIT WHEN v_left <= 0;
    END LOOP;
    IF v_left > 0 THEN
      RAISE EXCEPTION 'order_stock_unsellable' USING ERRCODE = 'MS002',
        DETAIL = jsonb_build_object('productId', l.product_id)::text;
    END IF;
    v_taken := v_taken || jsonb_build_object('productId', l.product_id, 'stock', v_stock, 'totalBefore', v_total);
  END LOOP;
  RETURN jsonb_build_object('taken', v_taken);
END $$;
--> statement-breakpoint
-- One use of a coupon, only while it is still usable (the rule of findUsableCoupon: active, not past
-- its expiry, under its usage limit): the conditional update is the check, so two orders racing for
-- the last use cannot both get it.
CREATE FUNCTION take_coupon_use(p_code text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE coupons SET used_count = used_count + 1, updated_at = now()
  WHERE code = p_code AND is_active AND (expires_at IS NULL OR expires_at > now())
    AND (usage_limit IS NULL OR used_count < usage_limit);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'coupon_used_up' USING ERRCODE = 'MS003';
  END IF;
END $$;
