-- The five TPROC-C transactions as stored procedures, written from the TPC-C specification 5.11
-- (clauses 2.4 to 2.8). Each procedure is one database transaction with one COMMIT (or ROLLBACK),
-- so the server's Com_commit + Com_rollback counts transactions as HammerDB's TPM does. Any SQL
-- error rolls back and is raised again, so the client sees the server's error code (1213, 1205).
-- Statements are separated by a line holding only //.
CREATE FUNCTION TPCC_NURAND(a INT, x INT, y INT, c INT) RETURNS INT NOT DETERMINISTIC NO SQL
  -- NURand(A, x, y) of clause 2.1.6, with the run's constant C.
  RETURN ((((FLOOR(RAND() * (a + 1))) | (x + FLOOR(RAND() * (y - x + 1)))) + c) % (y - x + 1)) + x
//
CREATE PROCEDURE NEWORD(IN p_w_id INT, IN p_max_w_id INT, IN p_d_id INT, IN p_c_id INT,
    IN p_ol_cnt INT, IN p_rollback INT, IN p_entry_d DATETIME, IN p_item_c INT)
proc: BEGIN
  -- Clause 2.4.2: one order of p_ol_cnt lines; 1% of lines come from a remote warehouse; an
  -- order with p_rollback = 1 names an unused item on its last line and is rolled back.
  DECLARE v_found INT DEFAULT 1;
  DECLARE v_line INT DEFAULT 1;
  DECLARE v_all_local INT DEFAULT 1;
  DECLARE v_o_id INT;
  DECLARE v_c_discount DECIMAL(4,4);
  DECLARE v_c_last VARCHAR(16);
  DECLARE v_c_credit CHAR(2);
  DECLARE v_w_tax DECIMAL(4,4);
  DECLARE v_d_tax DECIMAL(4,4);
  DECLARE v_i_id INT;
  DECLARE v_supply_w_id INT;
  DECLARE v_quantity INT;
  DECLARE v_i_price DECIMAL(5,2);
  DECLARE v_i_name VARCHAR(24);
  DECLARE v_i_data VARCHAR(50);
  DECLARE v_s_quantity INT;
  DECLARE v_s_data VARCHAR(50);
  DECLARE v_dist_info CHAR(24);
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_found = 0;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SELECT c_discount, c_last, c_credit, w_tax INTO v_c_discount, v_c_last, v_c_credit, v_w_tax
    FROM customer, warehouse
    WHERE w_id = p_w_id AND c_w_id = w_id AND c_d_id = p_d_id AND c_id = p_c_id;
  SELECT d_next_o_id, d_tax INTO v_o_id, v_d_tax
    FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id FOR UPDATE;
  UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id;
  WHILE v_line <= p_ol_cnt DO
    IF p_rollback = 1 AND v_line = p_ol_cnt THEN
      SET v_i_id = 100001;
    ELSE
      SET v_i_id = TPCC_NURAND(8191, 1, 100000, p_item_c);
    END IF;
    SET v_supply_w_id = p_w_id;
    IF p_max_w_id > 1 AND RAND() < 0.01 THEN
      SET v_supply_w_id = 1 + FLOOR(RAND() * (p_max_w_id - 1));
      IF v_supply_w_id >= p_w_id THEN
        SET v_supply_w_id = v_supply_w_id + 1;
      END IF;
      SET v_all_local = 0;
    END IF;
    SET v_quantity = 1 + FLOOR(RAND() * 10);
    SET v_found = 1;
    SELECT i_price, i_name, i_data INTO v_i_price, v_i_name, v_i_data
      FROM item WHERE i_id = v_i_id;
    IF v_found = 0 THEN
      ROLLBACK;
      LEAVE proc;
    END IF;
    SELECT s_quantity, s_data,
        CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
          WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07
          WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09 ELSE s_dist_10 END
      INTO v_s_quantity, v_s_data, v_dist_info
      FROM stock WHERE s_i_id = v_i_id AND s_w_id = v_supply_w_id FOR UPDATE;
    UPDATE stock SET
        s_quantity = IF(v_s_quantity - v_quantity >= 10, v_s_quantity - v_quantity,
                        v_s_quantity - v_quantity + 91),
        s_ytd = s_ytd + v_quantity,
        s_order_cnt = s_order_cnt + 1,
        s_remote_cnt = s_remote_cnt + IF(v_supply_w_id = p_w_id, 0, 1)
      WHERE s_i_id = v_i_id AND s_w_id = v_supply_w_id;
    INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
        ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
      VALUES (v_o_id, p_d_id, p_w_id, v_line, v_i_id, v_supply_w_id, NULL, v_quantity,
        v_quantity * v_i_price, v_dist_info);
    SET v_line = v_line + 1;
  END WHILE;
  INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
    VALUES (v_o_id, p_d_id, p_w_id, p_c_id, p_entry_d, NULL, p_ol_cnt, v_all_local);
  INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);
  COMMIT;
END
//
CREATE PROCEDURE PAYMENT(IN p_w_id INT, IN p_d_id INT, IN p_c_w_id INT, IN p_c_d_id INT,
    IN p_c_id INT, IN p_by_name INT, IN p_c_last VARCHAR(16), IN p_h_amount DECIMAL(6,2),
    IN p_h_date DATETIME)
BEGIN
  -- Clause 2.5.2: the payment updates warehouse, district and customer year-to-date figures; 60%
  -- of customers are found by last name (the one in the middle, by first name); a bad-credit
  -- customer's c_data gets the payment prepended.
  DECLARE v_c_id INT;
  DECLARE v_count INT;
  DECLARE v_offset INT;
  DECLARE v_w_name VARCHAR(10);
  DECLARE v_d_name VARCHAR(10);
  DECLARE v_c_credit CHAR(2);
  DECLARE v_c_data VARCHAR(500);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  UPDATE warehouse SET w_ytd = w_ytd + p_h_amount WHERE w_id = p_w_id;
  SELECT w_name INTO v_w_name FROM warehouse WHERE w_id = p_w_id;
  UPDATE district SET d_ytd = d_ytd + p_h_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;
  SELECT d_name INTO v_d_name FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
  SET v_c_id = p_c_id;
  IF p_by_name = 1 THEN
    SELECT COUNT(*) INTO v_count FROM customer
      WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last;
    SET v_offset = GREATEST(CEIL(v_count / 2) - 1, 0);
    SELECT c_id INTO v_c_id FROM customer
      WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last
      ORDER BY c_first LIMIT v_offset, 1;
  END IF;
  SELECT c_credit, c_data INTO v_c_credit, v_c_data FROM customer
    WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id FOR UPDATE;
  IF v_c_credit = 'BC' THEN
    UPDATE customer SET c_balance = c_balance - p_h_amount,
        c_ytd_payment = c_ytd_payment + p_h_amount, c_payment_cnt = c_payment_cnt + 1,
        c_data = LEFT(CONCAT_WS(' ', v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, p_h_amount,
          v_c_data), 500)
      WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
  ELSE
    UPDATE customer SET c_balance = c_balance - p_h_amount,
        c_ytd_payment = c_ytd_payment + p_h_amount, c_payment_cnt = c_payment_cnt + 1
      WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
  END IF;
  INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)
    VALUES (p_c_d_id, p_c_w_id, v_c_id, p_d_id, p_w_id, p_h_date, p_h_amount,
      CONCAT(v_w_name, '    ', v_d_name));
  COMMIT;
END
//
CREATE PROCEDURE DELIVERY(IN p_w_id INT, IN p_carrier_id INT, IN p_delivery_d DATETIME)
BEGIN
  -- Clause 2.7.4: the oldest undelivered order of each of the warehouse's ten districts is
  -- delivered; a district without one is skipped. One transaction for the ten districts.
  DECLARE v_found INT DEFAULT 1;
  DECLARE v_d_id INT DEFAULT 1;
  DECLARE v_o_id INT;
  DECLARE v_c_id INT;
  DECLARE v_amount DECIMAL(12,2);
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_found = 0;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  WHILE v_d_id <= 10 DO
    SET v_found = 1;
    SELECT no_o_id INTO v_o_id FROM new_order
      WHERE no_w_id = p_w_id AND no_d_id = v_d_id ORDER BY no_o_id LIMIT 1 FOR UPDATE;
    IF v_found = 1 THEN
      DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d_id AND no_o_id = v_o_id;
      SELECT o_c_id INTO v_c_id FROM orders
        WHERE o_w_id = p_w_id AND o_d_id = v_d_id AND o_id = v_o_id;
      UPDATE orders SET o_carrier_id = p_carrier_id
        WHERE o_w_id = p_w_id AND o_d_id = v_d_id AND o_id = v_o_id;
      UPDATE order_line SET ol_delivery_d = p_delivery_d
        WHERE ol_w_id = p_w_id AND ol_d_id = v_d_id AND ol_o_id = v_o_id;
      SELECT COALESCE(SUM(ol_amount), 0) INTO v_amount FROM order_line
        WHERE ol_w_id = p_w_id AND ol_d_id = v_d_id AND ol_o_id = v_o_id;
      UPDATE customer SET c_balance = c_balance + v_amount, c_delivery_cnt = c_delivery_cnt + 1
        WHERE c_w_id = p_w_id AND c_d_id = v_d_id AND c_id = v_c_id;
    END IF;
    SET v_d_id = v_d_id + 1;
  END WHILE;
  COMMIT;
END
//
CREATE PROCEDURE SLEV(IN p_w_id INT, IN p_d_id INT, IN p_threshold INT)
BEGIN
  -- Clause 2.8.2: distinct items of the district's last 20 orders whose stock is below the
  -- threshold.
  DECLARE v_o_id INT;
  DECLARE v_low INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SELECT d_next_o_id INTO v_o_id FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
  SELECT COUNT(DISTINCT s_i_id) INTO v_low FROM order_line, stock
    WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id < v_o_id AND ol_o_id >= v_o_id - 20
      AND s_w_id = p_w_id AND s_i_id = ol_i_id AND s_quantity < p_threshold;
  COMMIT;
END
//
CREATE PROCEDURE OSTAT(IN p_w_id INT, IN p_d_id INT, IN p_c_id INT, IN p_by_name INT,
    IN p_c_last VARCHAR(16))
BEGIN
  -- Clause 2.6.2: a customer's balance and the lines of the customer's latest order; 60% of
  -- customers are found by last name.
  DECLARE v_found INT DEFAULT 1;
  DECLARE v_c_id INT;
  DECLARE v_count INT;
  DECLARE v_offset INT;
  DECLARE v_c_balance DECIMAL(12,2);
  DECLARE v_c_first VARCHAR(16);
  DECLARE v_c_middle CHAR(2);
  DECLARE v_c_last VARCHAR(16);
  DECLARE v_o_id INT;
  DECLARE v_o_carrier_id INT;
  DECLARE v_o_entry_d DATETIME;
  DECLARE v_ol_i_id INT;
  DECLARE v_ol_supply_w_id INT;
  DECLARE v_ol_quantity INT;
  DECLARE v_ol_amount DECIMAL(6,2);
  DECLARE v_ol_delivery_d DATETIME;
  DECLARE order_lines CURSOR FOR
    SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line
      WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = v_o_id;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_found = 0;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SET v_c_id = p_c_id;
  IF p_by_name = 1 THEN
    SELECT COUNT(*) INTO v_count FROM customer
      WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;
    SET v_offset = GREATEST(CEIL(v_count / 2) - 1, 0);
    SELECT c_id INTO v_c_id FROM customer
      WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last
      ORDER BY c_first LIMIT v_offset, 1;
  END IF;
  SELECT c_balance, c_first, c_middle, c_last INTO v_c_balance, v_c_first, v_c_middle, v_c_last
    FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;
  SELECT o_id, o_carrier_id, o_entry_d INTO v_o_id, v_o_carrier_id, v_o_entry_d FROM orders
    WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1;
  IF v_found = 1 THEN
    OPEN order_lines;
    fetching: LOOP
      FETCH order_lines INTO v_ol_i_id, v_ol_supply_w_id, v_ol_quantity, v_ol_amount, v_ol_delivery_d;
      IF v_found = 0 THEN
        LEAVE fetching;
      END IF;
    END LOOP;
    CLOSE order_lines;
  END IF;
  COMMIT;
END
