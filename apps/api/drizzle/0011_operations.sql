-- Operations (issue 16): the audit log's row count kept without reading the whole log.
--
-- 'Auditoría de cambios' shows the total of its unfiltered list; counting half a million rows took ~30 ms
-- and grows with the log. The log is append-only (auditoria_solo_agregar) and its ids come from one
-- identity sequence, so the count is kept as a checkpoint: the exact number of rows with id <= hasta_id,
-- plus a count of the short tail above it (a range of the primary key). No write of the audit trigger
-- touches it: a counter row updated on every change would serialise every writing transaction on one row.
CREATE TABLE auditoria_conteo (
  unica boolean PRIMARY KEY DEFAULT true CHECK (unica),
  hasta_id bigint NOT NULL,
  filas bigint NOT NULL
);
--> statement-breakpoint

-- Moves the checkpoint to the newest row. SHARE mode waits for the transactions writing the log and holds
-- new ones back for the few milliseconds of the tail's count: an id handed out before the lock belongs to a
-- transaction that holds its ROW EXCLUSIVE lock until it ends, so no row at or below the new hasta_id can
-- appear afterwards. Called by the API every few minutes and after the migration.
CREATE FUNCTION auditoria_conteo_avanzar() RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  hasta bigint;
  nuevas bigint;
  total bigint;
BEGIN
  LOCK TABLE auditoria IN SHARE MODE;
  SELECT c.hasta_id INTO hasta FROM auditoria_conteo c FOR UPDATE;
  SELECT count(*), max(a.id) INTO nuevas, hasta FROM auditoria a WHERE a.id > coalesce(hasta, 0);
  IF nuevas > 0 THEN
    INSERT INTO auditoria_conteo (hasta_id, filas) VALUES (hasta, nuevas)
    ON CONFLICT (unica) DO UPDATE SET hasta_id = excluded.hasta_id, filas = auditoria_conteo.filas + excluded.filas;
  ELSE
    INSERT INTO auditoria_conteo (hasta_id, filas) VALUES (0, 0) ON CONFLICT (unica) DO NOTHING;
  END IF;
  SELECT c.filas INTO total FROM auditoria_conteo c;
  RETURN total;
END;
$$;
--> statement-breakpoint

-- The exact number of rows in the log, for the unfiltered list.
CREATE FUNCTION auditoria_total() RETURNS bigint
LANGUAGE sql STABLE
AS $$
  SELECT coalesce((SELECT c.filas FROM auditoria_conteo c), 0)
       + (SELECT count(*) FROM auditoria a
           WHERE a.id > coalesce((SELECT c.hasta_id FROM auditoria_conteo c), 0))
$$;
--> statement-breakpoint

SELECT auditoria_conteo_avanzar();
