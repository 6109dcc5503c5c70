-- The users' search text, kept by PostgreSQL at write time (bench/README.md), and the audit trigger taught
-- to leave such derived columns out. Plain SQL for PostgreSQL 15 and PGlite.
ALTER TABLE "usuarios" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (sin_acentos(nombre || ' ' || apellido || ' ' || numero_documento || ' ' || email)) STORED NOT NULL;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION audit_log_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  -- Password hashes, session tokens and photo bytes never reach the log; their column names still do.
  ocultas CONSTANT text[] := ARRAY['password_hash', 'token_hash', 'foto_datos'];
  -- Columns PostgreSQL derives from others (usuarios.busqueda) are no change of their own: left out whole.
  derivadas CONSTANT text[] := ARRAY['busqueda'];
  clave CONSTANT text := coalesce(TG_ARGV[0], 'id');
  fila_anterior jsonb;
  fila_nueva jsonb;
  anteriores jsonb;
  nuevos jsonb;
  columnas text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    fila_anterior := to_jsonb(OLD);
    fila_nueva := to_jsonb(NEW);
    SELECT array_agg(c.key ORDER BY c.orden),
           jsonb_object_agg(c.key, fila_anterior -> c.key),
           jsonb_object_agg(c.key, fila_nueva -> c.key)
      INTO columnas, anteriores, nuevos
      FROM json_each(to_json(NEW)) WITH ORDINALITY c(key, value, orden)
     WHERE fila_nueva -> c.key IS DISTINCT FROM fila_anterior -> c.key
       AND c.key <> ALL (derivadas);
    IF columnas IS NULL THEN
      RETURN NULL; -- an update that changed nothing leaves no trace
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    -- A new row lists the columns it filled.
    fila_nueva := to_jsonb(NEW);
    nuevos := fila_nueva;
    SELECT array_agg(c.key ORDER BY c.orden) INTO columnas
      FROM json_each(to_json(NEW)) WITH ORDINALITY c(key, value, orden)
     WHERE json_typeof(c.value) <> 'null' AND c.key <> ALL (derivadas);
  ELSE
    -- A deleted row lists them all.
    fila_anterior := to_jsonb(OLD);
    anteriores := fila_anterior;
    SELECT array_agg(c.key ORDER BY c.orden) INTO columnas
      FROM json_each(to_json(OLD)) WITH ORDINALITY c(key, value, orden)
     WHERE c.key <> ALL (derivadas);
  END IF;

  INSERT INTO auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas,
                         valores_anteriores, valores_nuevos)
  VALUES (nullif(current_setting('app.user_id', true), '')::int, TG_OP, TG_TABLE_NAME,
          coalesce(fila_nueva, fila_anterior) ->> clave, coalesce(columnas, '{}'),
          anteriores - ocultas - derivadas, nuevos - ocultas - derivadas);
  RETURN NULL;
END;
$$;
