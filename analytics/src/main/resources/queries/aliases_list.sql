-- `benchlake alias list`: every alias in force, the users' (newest per name) before the built-in ones.
SELECT kind, from_name AS "from", to_name AS "to", origin, author, emitted_at AS made_at
FROM aliases
ORDER BY kind, origin DESC, lower(from_name)
