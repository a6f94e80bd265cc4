#!/bin/tclsh
# Run of Nov 29, log pasted below for the record
puts "SETTING CONFIGURATION"
dbset db maria
dbset bm TPC-C
diset tpcc maria_rampup 1
diset tpcc maria_duration 3
vuset logtotemp 1
vuset timestamps 1
loadscript
vuset vu 8
vucreate
vurun
#
# --- hammerdb.log ---
#Hammerdb Log @ Mon Oct 28 09:00:00 GMT 2024
#+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-
#Timestamp 1 @ Fri Nov 29 23:50:00 GMT 2024
#Vuser 1:RUNNING
#Timestamp 1 @ Fri Nov 29 23:50:00 GMT 2024
#Vuser 1:DBVersion:10.11.10
#Timestamp 1 @ Fri Nov 29 23:50:00 GMT 2024
#Vuser 1:Beginning rampup time of 1 minutes
#Timestamp 2 @ Fri Nov 29 23:50:01 GMT 2024
#Vuser 2:RUNNING
#Timestamp 1 @ Fri Nov 29 23:51:00 GMT 2024
#Vuser 1:Rampup complete, Taking start Transaction Count.
#Timestamp 1 @ Fri Nov 29 23:51:00 GMT 2024
#Vuser 1:Timing test period of 3 in minutes
#Timestamp 1 @ Fri Nov 29 23:54:00 GMT 2024
#Vuser 1:Test complete, Taking end Transaction Count.
#Timestamp 1 @ Fri Nov 29 23:54:00 GMT 2024
#Vuser 1:8 Active Virtual Users configured
#Timestamp 1 @ Fri Nov 29 23:54:00 GMT 2024
#Vuser 1:TEST RESULT : System achieved 41000 NOPM from 95000 MariaDB TPM
#Timestamp 1 @ Fri Nov 29 23:54:01 GMT 2024
#Vuser 1:FINISHED SUCCESS
vudestroy
