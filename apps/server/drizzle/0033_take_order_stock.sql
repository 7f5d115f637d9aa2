-- An order's stock at its outlet in one call, so the rows every order fights over (the outlet row of
-- a product many customers buy, its product row by trigger, its first-expiring batch) are held for
-- one round trip and the COMMIT, not for one per statement the app would send. Per line, in product
-- id order (the lock order of every stock writer): the same conditional update as the app's, then,
-- behind that lock and in a statement of its own (so it sees what the last holder committed), the
-- batches that may still be sold, first expiring first out, each with its ledger row. The caller rolls
-- the whole order back on a refusal; the rows written before it go with it.
-- Returns {"taken": [{productId, stock, totalBefore}]}, or {"short": productId} when the outlet has too
-- few, or {"unsellable": productId} when what it has is past its sell-by date.
CREATE FUNCTION take_order_stock(p_outlet uuid, p_lines jsonb, p_order uuid, p_actor text, p_first_sellable date)
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
      RETURN jsonb_build_object('short', l.product_id);
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
      RETURN jsonb_build_object('unsellable', l.product_id);
    END IF;
    v_taken := v_taken || jsonb_build_object('productId', l.product_id, 'stock', v_stock, 'totalBefore', v_total);
  END LOOP;
  RETURN jsonb_build_object('taken', v_taken);
END $$;
