CREATE TABLE "catalog_versions" (
	"backend_pid" integer PRIMARY KEY NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that writes products or categories counts one change on its connection's row, so
-- the sum of `changes` moves with every commit that can change what the storefront shows, and with
-- nothing else (orders, reviews and sessions leave it alone). A row per connection, never one shared
-- counter: a checkout decrementing stock never waits on another one here.
CREATE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions (backend_pid, changes) VALUES (pg_backend_pid(), 1)
    ON CONFLICT (backend_pid) DO UPDATE SET changes = catalog_versions.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_catalog_truncated AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
