-- Contact search matches name and number fragments through trigram GIN indexes (next migration).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
