sysbench oltp_write_only --mysql-host=127.0.0.1 --mysql-port=PORT --mysql-user=sbtest --mysql-password=*** --tables=4 --table-size=10000 --threads=2 --time=3 run
