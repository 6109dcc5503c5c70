-- Text search at national scale (issue 16): on a PostgreSQL server with pg_trgm (Debian's postgresql
-- packages ship it, and a database owner may create it), a trigram index serves the lists' substring search
-- `busqueda LIKE '%text%'` instead of reading every user: 100,000 users took 30-40 ms a scan. PGlite does not
-- load the extension: there the migration creates nothing and searches scan, as before (decision 002). The
-- queries are the same on both engines; only the plan differs.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm no está disponible: las búsquedas por texto recorren la tabla (decisión 002)';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS usuarios_busqueda_trgm_idx ON usuarios USING gin (busqueda gin_trgm_ops);
  END IF;
END $$;
