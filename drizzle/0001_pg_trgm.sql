-- Trigram matching for the registrations search (docs/decisions.md): a GIN index on search_text lets
-- `search_text LIKE '%term%'` use the index. pg_trgm ships with PostgreSQL (contrib) and is a trusted
-- extension (a database owner may create it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
