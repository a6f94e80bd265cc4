-- The users' aliases in force of one kind (test or dataset), for the cycle check of `benchlake alias`.
SELECT from_name, to_name FROM user_aliases WHERE kind = ?
