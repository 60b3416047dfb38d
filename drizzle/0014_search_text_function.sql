-- Full-text search over text[] columns (tags, timeline bullets) in generated
-- tsvector columns: array_to_string is only STABLE (it could call any
-- element type's output function), and a generated column needs IMMUTABLE.
-- For text[] the result depends on the input alone, so this wrapper is.
CREATE OR REPLACE FUNCTION search_list_text(items text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(items, ' '), '') $$;
