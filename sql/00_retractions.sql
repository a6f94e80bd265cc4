-- Runs taken back by a correcting import (docs/architecture.md, Corrections), each event once;
-- every view below leaves their rows out. replaced_by names the runs of the new reading.
CREATE OR REPLACE VIEW retractions AS
SELECT * EXCLUDE (rn)
FROM (SELECT *, row_number() OVER (PARTITION BY event_id ORDER BY ingest_seq DESC) AS rn
      FROM raw_retractions)
WHERE rn = 1;

CREATE OR REPLACE VIEW retracted_runs AS
SELECT run_id, arg_max(reason, emitted_at) AS reason, arg_max(replaced_by, emitted_at) AS replaced_by,
       max(emitted_at) AS retracted_at
FROM retractions GROUP BY run_id;
