sysbench oltp_read_only --mysql-host=127.0.0.1 --mysql-port=PORT --mysql-user=sbtest --mysql-password=*** --tables=4 --table-size=10000 --threads=1 --time=4 --report-interval=2 --percentile=0 run
