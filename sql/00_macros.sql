-- Percentile by linear interpolation between closest ranks (R-7, Excel PERCENTILE.INC), written
-- out as the reports compute it: h = (n - 1) * p, x[floor h] + (x[floor h + 1] - x[floor h]) * frac(h)
-- over the sorted values. (quantile_cont rounds differently in the last bit, which shows at
-- the second decimal when a value falls on a half.)
CREATE OR REPLACE MACRO r7_percentile(xs, p) AS (
    CASE
        WHEN len(xs) = 0 THEN NULL
        WHEN len(xs) = 1 THEN xs[1]
        ELSE list_sort(xs)[CAST(floor((len(xs) - 1) * p) AS INTEGER) + 1]
             + (list_sort(xs)[least(CAST(floor((len(xs) - 1) * p) AS INTEGER) + 2, len(xs))]
                - list_sort(xs)[CAST(floor((len(xs) - 1) * p) AS INTEGER) + 1])
               * ((len(xs) - 1) * p - floor((len(xs) - 1) * p))
    END
);
