-- How many alias rows came with the ingests after ?: any, and every kept entry is made again (an
-- alias renames the tests and datasets of runs that got no row).
SELECT count(*) FROM raw_aliases WHERE ingest_seq > ?
