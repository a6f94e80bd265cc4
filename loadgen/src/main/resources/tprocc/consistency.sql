-- The TPC-C consistency conditions (clause 3.3.2.1 to 3.3.2.4), each a query counting the
-- warehouses or districts that break it; a consistent database gives 0 for every one. The comment
-- line before a query names the condition.
-- 1: W_YTD = sum(D_YTD)
SELECT COUNT(*) FROM warehouse w
  WHERE w.w_ytd <> (SELECT SUM(d.d_ytd) FROM district d WHERE d.d_w_id = w.w_id);
-- 2: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)
SELECT COUNT(*) FROM district d
  WHERE d.d_next_o_id - 1 <> (SELECT MAX(o.o_id) FROM orders o
                              WHERE o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id)
     OR d.d_next_o_id - 1 <> COALESCE((SELECT MAX(n.no_o_id) FROM new_order n
                              WHERE n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id),
                              d.d_next_o_id - 1);
-- 3: max(NO_O_ID) - min(NO_O_ID) + 1 = the number of new orders
SELECT COUNT(*) FROM (SELECT MAX(no_o_id) - MIN(no_o_id) + 1 AS span, COUNT(*) AS n
                      FROM new_order GROUP BY no_w_id, no_d_id) x
  WHERE x.span <> x.n;
-- 4: sum(O_OL_CNT) = the number of order lines
SELECT COUNT(*) FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS lines_ordered
                      FROM orders GROUP BY o_w_id, o_d_id) o
  LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS lines_stored
             FROM order_line GROUP BY ol_w_id, ol_d_id) l
    ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id
  WHERE COALESCE(l.lines_stored, 0) <> o.lines_ordered;
