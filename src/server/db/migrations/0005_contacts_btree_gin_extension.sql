-- btree_gin lets one GIN index hold the organization beside the trigrams (next migration), so a search
-- reads only its own organization's matches, however many other organizations share the table.
CREATE EXTENSION IF NOT EXISTS btree_gin;
