-- Secondary indexes, built once the tables are loaded: payment and order-status find a customer
-- by last name, order-status finds a customer's latest order.
CREATE INDEX customer_name ON customer (c_w_id, c_d_id, c_last, c_first);
CREATE INDEX orders_customer ON orders (o_w_id, o_d_id, o_c_id, o_id);
