-- Every users' alias of one kind (test or dataset) the warehouse holds, taken back or not, for the
-- cycle and chain check of `benchlake alias` (AliasChains picks the ones in force).
SELECT event_id, from_name, to_name, emitted_at FROM raw_aliases WHERE kind = ?
