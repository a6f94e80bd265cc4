-- Every test name `changes` can answer from the histories an ingest kept, with the canonical name
-- canonical_of gives it (NULL: the name as typed): the names the runs carry, their canonical names
-- and the names aliases lead from. Any other spelling (another case, a .lua suffix) is looked up
-- by a session, as before.
WITH typed AS (
    SELECT name FROM canonical_names WHERE kind = 'test'
    UNION SELECT canonical FROM canonical_names WHERE kind = 'test'
    UNION SELECT from_name FROM user_aliases WHERE kind = 'test'
    UNION SELECT from_key FROM builtin_aliases WHERE kind = 'test'
)
SELECT t.name, c.canonical
FROM typed t, LATERAL (SELECT canonical FROM canonical_of('test', t.name)) c
WHERE t.name IS NOT NULL
