sysbench oltp_read_write --mysql-host=127.0.0.1 --mysql-port=PORT --mysql-user=sbtest --mysql-password=*** --tables=4 --table-size=10000 --threads=2 --time=10 --report-interval=1 run
