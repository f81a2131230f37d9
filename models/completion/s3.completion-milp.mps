* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME completion-e1-s3
OBJSENSE
 MIN
ROWS
 N  obj
 E  c_e_start_once(0)_
 E  c_e_start_once(1)_
 E  c_e_worker_count(0)_
 E  c_e_worker_count(1)_
 L  c_u_one_worker_type(0_0_0)_
 L  c_u_one_worker_type(1_0_0)_
 L  c_u_used_w(0_0_0)_
 L  c_u_used_w(1_0_0)_
 L  c_u_colocated(0)_
 L  c_u_colocated(1)_
 E  c_e_running(0_1)_
 E  c_e_running(0_2)_
 E  c_e_running(0_3)_
 E  c_e_running(0_4)_
 E  c_e_running(0_5)_
 E  c_e_running(0_6)_
 E  c_e_running(0_7)_
 E  c_e_running(0_8)_
 E  c_e_running(0_9)_
 E  c_e_running(0_10)_
 E  c_e_running(0_11)_
 E  c_e_running(1_1)_
 E  c_e_running(1_2)_
 E  c_e_running(1_3)_
 E  c_e_running(1_4)_
 E  c_e_running(1_5)_
 E  c_e_running(1_6)_
 E  c_e_running(1_7)_
 E  c_e_running(1_8)_
 E  c_e_running(1_9)_
 E  c_e_running(1_10)_
 E  c_e_running(1_11)_
 L  c_u_load_cap(0_0_0)_
 L  c_u_load_cap(1_0_0)_
 L  c_u_load_link(0_0_0_1)_
 L  c_u_load_link(0_0_0_2)_
 L  c_u_load_link(0_0_0_3)_
 L  c_u_load_link(0_0_0_4)_
 L  c_u_load_link(0_0_0_5)_
 L  c_u_load_link(0_0_0_6)_
 L  c_u_load_link(0_0_0_7)_
 L  c_u_load_link(0_0_0_8)_
 L  c_u_load_link(0_0_0_9)_
 L  c_u_load_link(0_0_0_10)_
 L  c_u_load_link(0_0_0_11)_
 L  c_u_load_link(1_0_0_1)_
 L  c_u_load_link(1_0_0_2)_
 L  c_u_load_link(1_0_0_3)_
 L  c_u_load_link(1_0_0_4)_
 L  c_u_load_link(1_0_0_5)_
 L  c_u_load_link(1_0_0_6)_
 L  c_u_load_link(1_0_0_7)_
 L  c_u_load_link(1_0_0_8)_
 L  c_u_load_link(1_0_0_9)_
 L  c_u_load_link(1_0_0_10)_
 L  c_u_load_link(1_0_0_11)_
 L  c_u_capacity(0_0_1)_
 L  c_u_capacity(0_0_2)_
 L  c_u_capacity(0_0_3)_
 L  c_u_capacity(0_0_4)_
 L  c_u_capacity(0_0_5)_
 L  c_u_capacity(0_0_6)_
 L  c_u_capacity(0_0_7)_
 L  c_u_capacity(0_0_8)_
 L  c_u_capacity(0_0_9)_
 L  c_u_capacity(0_0_10)_
 L  c_u_capacity(0_0_11)_
 L  c_u_aggregate(0_1)_
 L  c_u_aggregate(0_2)_
 L  c_u_aggregate(0_3)_
 L  c_u_aggregate(0_4)_
 L  c_u_aggregate(0_5)_
 L  c_u_aggregate(0_6)_
 L  c_u_aggregate(0_7)_
 L  c_u_aggregate(0_8)_
 L  c_u_aggregate(0_9)_
 L  c_u_aggregate(0_10)_
 L  c_u_aggregate(0_11)_
COLUMNS
     X(0_0_1) obj 4
     X(0_0_1) c_e_start_once(0)_ 1
     X(0_0_1) c_e_worker_count(0)_ -1
     X(0_0_1) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_1) c_e_running(0_1)_ -1
     X(0_0_1) c_e_running(0_2)_ -1
     X(0_0_1) c_e_running(0_3)_ -1
     X(0_0_1) c_u_aggregate(0_1)_ 1
     X(0_0_1) c_u_aggregate(0_2)_ 1
     X(0_0_1) c_u_aggregate(0_3)_ 1
     X(0_0_2) obj 5
     X(0_0_2) c_e_start_once(0)_ 1
     X(0_0_2) c_e_worker_count(0)_ -1
     X(0_0_2) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_2) c_e_running(0_2)_ -1
     X(0_0_2) c_e_running(0_3)_ -1
     X(0_0_2) c_e_running(0_4)_ -1
     X(0_0_2) c_u_aggregate(0_2)_ 1
     X(0_0_2) c_u_aggregate(0_3)_ 1
     X(0_0_2) c_u_aggregate(0_4)_ 1
     X(0_0_3) obj 6
     X(0_0_3) c_e_start_once(0)_ 1
     X(0_0_3) c_e_worker_count(0)_ -1
     X(0_0_3) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_3) c_e_running(0_3)_ -1
     X(0_0_3) c_e_running(0_4)_ -1
     X(0_0_3) c_e_running(0_5)_ -1
     X(0_0_3) c_u_aggregate(0_3)_ 1
     X(0_0_3) c_u_aggregate(0_4)_ 1
     X(0_0_3) c_u_aggregate(0_5)_ 1
     X(0_0_4) obj 7
     X(0_0_4) c_e_start_once(0)_ 1
     X(0_0_4) c_e_worker_count(0)_ -1
     X(0_0_4) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_4) c_e_running(0_4)_ -1
     X(0_0_4) c_e_running(0_5)_ -1
     X(0_0_4) c_e_running(0_6)_ -1
     X(0_0_4) c_u_aggregate(0_4)_ 1
     X(0_0_4) c_u_aggregate(0_5)_ 1
     X(0_0_4) c_u_aggregate(0_6)_ 1
     X(0_0_5) obj 8
     X(0_0_5) c_e_start_once(0)_ 1
     X(0_0_5) c_e_worker_count(0)_ -1
     X(0_0_5) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_5) c_e_running(0_5)_ -1
     X(0_0_5) c_e_running(0_6)_ -1
     X(0_0_5) c_e_running(0_7)_ -1
     X(0_0_5) c_u_aggregate(0_5)_ 1
     X(0_0_5) c_u_aggregate(0_6)_ 1
     X(0_0_5) c_u_aggregate(0_7)_ 1
     X(0_0_6) obj 9
     X(0_0_6) c_e_start_once(0)_ 1
     X(0_0_6) c_e_worker_count(0)_ -1
     X(0_0_6) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_6) c_e_running(0_6)_ -1
     X(0_0_6) c_e_running(0_7)_ -1
     X(0_0_6) c_e_running(0_8)_ -1
     X(0_0_6) c_u_aggregate(0_6)_ 1
     X(0_0_6) c_u_aggregate(0_7)_ 1
     X(0_0_6) c_u_aggregate(0_8)_ 1
     X(0_0_7) obj 10
     X(0_0_7) c_e_start_once(0)_ 1
     X(0_0_7) c_e_worker_count(0)_ -1
     X(0_0_7) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_7) c_e_running(0_7)_ -1
     X(0_0_7) c_e_running(0_8)_ -1
     X(0_0_7) c_e_running(0_9)_ -1
     X(0_0_7) c_u_aggregate(0_7)_ 1
     X(0_0_7) c_u_aggregate(0_8)_ 1
     X(0_0_7) c_u_aggregate(0_9)_ 1
     X(0_0_8) obj 11
     X(0_0_8) c_e_start_once(0)_ 1
     X(0_0_8) c_e_worker_count(0)_ -1
     X(0_0_8) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_8) c_e_running(0_8)_ -1
     X(0_0_8) c_e_running(0_9)_ -1
     X(0_0_8) c_e_running(0_10)_ -1
     X(0_0_8) c_u_aggregate(0_8)_ 1
     X(0_0_8) c_u_aggregate(0_9)_ 1
     X(0_0_8) c_u_aggregate(0_10)_ 1
     X(0_0_9) obj 12
     X(0_0_9) c_e_start_once(0)_ 1
     X(0_0_9) c_e_worker_count(0)_ -1
     X(0_0_9) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_9) c_e_running(0_9)_ -1
     X(0_0_9) c_e_running(0_10)_ -1
     X(0_0_9) c_e_running(0_11)_ -1
     X(0_0_9) c_u_aggregate(0_9)_ 1
     X(0_0_9) c_u_aggregate(0_10)_ 1
     X(0_0_9) c_u_aggregate(0_11)_ 1
     X(0_1_1) obj 4
     X(0_1_1) c_e_start_once(0)_ 1
     X(0_1_1) c_e_worker_count(0)_ -1
     X(0_1_1) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_1) c_e_running(0_1)_ -1
     X(0_1_1) c_e_running(0_2)_ -1
     X(0_1_1) c_e_running(0_3)_ -1
     X(0_1_1) c_u_aggregate(0_1)_ 1
     X(0_1_1) c_u_aggregate(0_2)_ 1
     X(0_1_1) c_u_aggregate(0_3)_ 1
     X(0_1_2) obj 5
     X(0_1_2) c_e_start_once(0)_ 1
     X(0_1_2) c_e_worker_count(0)_ -1
     X(0_1_2) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_2) c_e_running(0_2)_ -1
     X(0_1_2) c_e_running(0_3)_ -1
     X(0_1_2) c_e_running(0_4)_ -1
     X(0_1_2) c_u_aggregate(0_2)_ 1
     X(0_1_2) c_u_aggregate(0_3)_ 1
     X(0_1_2) c_u_aggregate(0_4)_ 1
     X(0_1_3) obj 6
     X(0_1_3) c_e_start_once(0)_ 1
     X(0_1_3) c_e_worker_count(0)_ -1
     X(0_1_3) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_3) c_e_running(0_3)_ -1
     X(0_1_3) c_e_running(0_4)_ -1
     X(0_1_3) c_e_running(0_5)_ -1
     X(0_1_3) c_u_aggregate(0_3)_ 1
     X(0_1_3) c_u_aggregate(0_4)_ 1
     X(0_1_3) c_u_aggregate(0_5)_ 1
     X(0_1_4) obj 7
     X(0_1_4) c_e_start_once(0)_ 1
     X(0_1_4) c_e_worker_count(0)_ -1
     X(0_1_4) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_4) c_e_running(0_4)_ -1
     X(0_1_4) c_e_running(0_5)_ -1
     X(0_1_4) c_e_running(0_6)_ -1
     X(0_1_4) c_u_aggregate(0_4)_ 1
     X(0_1_4) c_u_aggregate(0_5)_ 1
     X(0_1_4) c_u_aggregate(0_6)_ 1
     X(0_1_5) obj 8
     X(0_1_5) c_e_start_once(0)_ 1
     X(0_1_5) c_e_worker_count(0)_ -1
     X(0_1_5) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_5) c_e_running(0_5)_ -1
     X(0_1_5) c_e_running(0_6)_ -1
     X(0_1_5) c_e_running(0_7)_ -1
     X(0_1_5) c_u_aggregate(0_5)_ 1
     X(0_1_5) c_u_aggregate(0_6)_ 1
     X(0_1_5) c_u_aggregate(0_7)_ 1
     X(0_1_6) obj 9
     X(0_1_6) c_e_start_once(0)_ 1
     X(0_1_6) c_e_worker_count(0)_ -1
     X(0_1_6) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_6) c_e_running(0_6)_ -1
     X(0_1_6) c_e_running(0_7)_ -1
     X(0_1_6) c_e_running(0_8)_ -1
     X(0_1_6) c_u_aggregate(0_6)_ 1
     X(0_1_6) c_u_aggregate(0_7)_ 1
     X(0_1_6) c_u_aggregate(0_8)_ 1
     X(0_1_7) obj 10
     X(0_1_7) c_e_start_once(0)_ 1
     X(0_1_7) c_e_worker_count(0)_ -1
     X(0_1_7) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_7) c_e_running(0_7)_ -1
     X(0_1_7) c_e_running(0_8)_ -1
     X(0_1_7) c_e_running(0_9)_ -1
     X(0_1_7) c_u_aggregate(0_7)_ 1
     X(0_1_7) c_u_aggregate(0_8)_ 1
     X(0_1_7) c_u_aggregate(0_9)_ 1
     X(0_1_8) obj 11
     X(0_1_8) c_e_start_once(0)_ 1
     X(0_1_8) c_e_worker_count(0)_ -1
     X(0_1_8) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_8) c_e_running(0_8)_ -1
     X(0_1_8) c_e_running(0_9)_ -1
     X(0_1_8) c_e_running(0_10)_ -1
     X(0_1_8) c_u_aggregate(0_8)_ 1
     X(0_1_8) c_u_aggregate(0_9)_ 1
     X(0_1_8) c_u_aggregate(0_10)_ 1
     X(0_1_9) obj 12
     X(0_1_9) c_e_start_once(0)_ 1
     X(0_1_9) c_e_worker_count(0)_ -1
     X(0_1_9) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_9) c_e_running(0_9)_ -1
     X(0_1_9) c_e_running(0_10)_ -1
     X(0_1_9) c_e_running(0_11)_ -1
     X(0_1_9) c_u_aggregate(0_9)_ 1
     X(0_1_9) c_u_aggregate(0_10)_ 1
     X(0_1_9) c_u_aggregate(0_11)_ 1
     X(1_0_2) obj 12
     X(1_0_2) c_e_start_once(1)_ 1
     X(1_0_2) c_e_worker_count(1)_ -1
     X(1_0_2) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_2) c_e_running(1_2)_ -1
     X(1_0_2) c_u_aggregate(0_2)_ 1
     X(1_0_3) obj 16
     X(1_0_3) c_e_start_once(1)_ 1
     X(1_0_3) c_e_worker_count(1)_ -1
     X(1_0_3) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_3) c_e_running(1_3)_ -1
     X(1_0_3) c_u_aggregate(0_3)_ 1
     X(1_0_4) obj 20
     X(1_0_4) c_e_start_once(1)_ 1
     X(1_0_4) c_e_worker_count(1)_ -1
     X(1_0_4) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_4) c_e_running(1_4)_ -1
     X(1_0_4) c_u_aggregate(0_4)_ 1
     X(1_0_5) obj 24
     X(1_0_5) c_e_start_once(1)_ 1
     X(1_0_5) c_e_worker_count(1)_ -1
     X(1_0_5) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_5) c_e_running(1_5)_ -1
     X(1_0_5) c_u_aggregate(0_5)_ 1
     X(1_0_6) obj 28
     X(1_0_6) c_e_start_once(1)_ 1
     X(1_0_6) c_e_worker_count(1)_ -1
     X(1_0_6) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_6) c_e_running(1_6)_ -1
     X(1_0_6) c_u_aggregate(0_6)_ 1
     X(1_0_7) obj 32
     X(1_0_7) c_e_start_once(1)_ 1
     X(1_0_7) c_e_worker_count(1)_ -1
     X(1_0_7) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_7) c_e_running(1_7)_ -1
     X(1_0_7) c_u_aggregate(0_7)_ 1
     X(1_0_8) obj 36
     X(1_0_8) c_e_start_once(1)_ 1
     X(1_0_8) c_e_worker_count(1)_ -1
     X(1_0_8) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_8) c_e_running(1_8)_ -1
     X(1_0_8) c_u_aggregate(0_8)_ 1
     X(1_0_9) obj 40
     X(1_0_9) c_e_start_once(1)_ 1
     X(1_0_9) c_e_worker_count(1)_ -1
     X(1_0_9) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_9) c_e_running(1_9)_ -1
     X(1_0_9) c_u_aggregate(0_9)_ 1
     X(1_0_10) obj 44
     X(1_0_10) c_e_start_once(1)_ 1
     X(1_0_10) c_e_worker_count(1)_ -1
     X(1_0_10) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_10) c_e_running(1_10)_ -1
     X(1_0_10) c_u_aggregate(0_10)_ 1
     X(1_0_11) obj 48
     X(1_0_11) c_e_start_once(1)_ 1
     X(1_0_11) c_e_worker_count(1)_ -1
     X(1_0_11) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_11) c_e_running(1_11)_ -1
     X(1_0_11) c_u_aggregate(0_11)_ 1
     X(1_1_2) obj 12
     X(1_1_2) c_e_start_once(1)_ 1
     X(1_1_2) c_e_worker_count(1)_ -1
     X(1_1_2) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_2) c_e_running(1_2)_ -1
     X(1_1_2) c_u_aggregate(0_2)_ 1
     X(1_1_3) obj 16
     X(1_1_3) c_e_start_once(1)_ 1
     X(1_1_3) c_e_worker_count(1)_ -1
     X(1_1_3) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_3) c_e_running(1_3)_ -1
     X(1_1_3) c_u_aggregate(0_3)_ 1
     X(1_1_4) obj 20
     X(1_1_4) c_e_start_once(1)_ 1
     X(1_1_4) c_e_worker_count(1)_ -1
     X(1_1_4) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_4) c_e_running(1_4)_ -1
     X(1_1_4) c_u_aggregate(0_4)_ 1
     X(1_1_5) obj 24
     X(1_1_5) c_e_start_once(1)_ 1
     X(1_1_5) c_e_worker_count(1)_ -1
     X(1_1_5) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_5) c_e_running(1_5)_ -1
     X(1_1_5) c_u_aggregate(0_5)_ 1
     X(1_1_6) obj 28
     X(1_1_6) c_e_start_once(1)_ 1
     X(1_1_6) c_e_worker_count(1)_ -1
     X(1_1_6) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_6) c_e_running(1_6)_ -1
     X(1_1_6) c_u_aggregate(0_6)_ 1
     X(1_1_7) obj 32
     X(1_1_7) c_e_start_once(1)_ 1
     X(1_1_7) c_e_worker_count(1)_ -1
     X(1_1_7) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_7) c_e_running(1_7)_ -1
     X(1_1_7) c_u_aggregate(0_7)_ 1
     X(1_1_8) obj 36
     X(1_1_8) c_e_start_once(1)_ 1
     X(1_1_8) c_e_worker_count(1)_ -1
     X(1_1_8) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_8) c_e_running(1_8)_ -1
     X(1_1_8) c_u_aggregate(0_8)_ 1
     X(1_1_9) obj 40
     X(1_1_9) c_e_start_once(1)_ 1
     X(1_1_9) c_e_worker_count(1)_ -1
     X(1_1_9) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_9) c_e_running(1_9)_ -1
     X(1_1_9) c_u_aggregate(0_9)_ 1
     X(1_1_10) obj 44
     X(1_1_10) c_e_start_once(1)_ 1
     X(1_1_10) c_e_worker_count(1)_ -1
     X(1_1_10) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_10) c_e_running(1_10)_ -1
     X(1_1_10) c_u_aggregate(0_10)_ 1
     X(1_1_11) obj 48
     X(1_1_11) c_e_start_once(1)_ 1
     X(1_1_11) c_e_worker_count(1)_ -1
     X(1_1_11) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_11) c_e_running(1_11)_ -1
     X(1_1_11) c_u_aggregate(0_11)_ 1
     Y(0_0_0) c_e_worker_count(0)_ 1
     Y(0_0_0) c_u_one_worker_type(0_0_0)_ 1
     Y(0_0_0) c_u_used_w(0_0_0)_ 1
     Y(0_0_0) c_u_load_cap(0_0_0)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_1)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_2)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_3)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_4)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_5)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_6)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_7)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_8)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_9)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_10)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_11)_ 1
     Y(1_0_0) c_e_worker_count(1)_ 1
     Y(1_0_0) c_u_one_worker_type(1_0_0)_ 1
     Y(1_0_0) c_u_used_w(1_0_0)_ 1
     Y(1_0_0) c_u_load_cap(1_0_0)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_1)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_2)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_3)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_4)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_5)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_6)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_7)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_8)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_9)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_10)_ 1
     Y(1_0_0) c_u_load_link(1_0_0_11)_ 1
     o(0_0) c_u_used_w(0_0_0)_ -1
     o(0_0) c_u_colocated(0)_ 1
     o(1_0) c_u_used_w(1_0_0)_ -1
     o(1_0) c_u_colocated(1)_ 1
     Z(0_1) c_e_running(0_1)_ 1
     Z(0_1) c_u_load_link(0_0_0_1)_ 1
     Z(0_2) c_e_running(0_2)_ 1
     Z(0_2) c_u_load_link(0_0_0_2)_ 1
     Z(0_3) c_e_running(0_3)_ 1
     Z(0_3) c_u_load_link(0_0_0_3)_ 1
     Z(0_4) c_e_running(0_4)_ 1
     Z(0_4) c_u_load_link(0_0_0_4)_ 1
     Z(0_5) c_e_running(0_5)_ 1
     Z(0_5) c_u_load_link(0_0_0_5)_ 1
     Z(0_6) c_e_running(0_6)_ 1
     Z(0_6) c_u_load_link(0_0_0_6)_ 1
     Z(0_7) c_e_running(0_7)_ 1
     Z(0_7) c_u_load_link(0_0_0_7)_ 1
     Z(0_8) c_e_running(0_8)_ 1
     Z(0_8) c_u_load_link(0_0_0_8)_ 1
     Z(0_9) c_e_running(0_9)_ 1
     Z(0_9) c_u_load_link(0_0_0_9)_ 1
     Z(0_10) c_e_running(0_10)_ 1
     Z(0_10) c_u_load_link(0_0_0_10)_ 1
     Z(0_11) c_e_running(0_11)_ 1
     Z(0_11) c_u_load_link(0_0_0_11)_ 1
     Z(1_1) c_e_running(1_1)_ 1
     Z(1_1) c_u_load_link(1_0_0_1)_ 1
     Z(1_2) c_e_running(1_2)_ 1
     Z(1_2) c_u_load_link(1_0_0_2)_ 1
     Z(1_3) c_e_running(1_3)_ 1
     Z(1_3) c_u_load_link(1_0_0_3)_ 1
     Z(1_4) c_e_running(1_4)_ 1
     Z(1_4) c_u_load_link(1_0_0_4)_ 1
     Z(1_5) c_e_running(1_5)_ 1
     Z(1_5) c_u_load_link(1_0_0_5)_ 1
     Z(1_6) c_e_running(1_6)_ 1
     Z(1_6) c_u_load_link(1_0_0_6)_ 1
     Z(1_7) c_e_running(1_7)_ 1
     Z(1_7) c_u_load_link(1_0_0_7)_ 1
     Z(1_8) c_e_running(1_8)_ 1
     Z(1_8) c_u_load_link(1_0_0_8)_ 1
     Z(1_9) c_e_running(1_9)_ 1
     Z(1_9) c_u_load_link(1_0_0_9)_ 1
     Z(1_10) c_e_running(1_10)_ 1
     Z(1_10) c_u_load_link(1_0_0_10)_ 1
     Z(1_11) c_e_running(1_11)_ 1
     Z(1_11) c_u_load_link(1_0_0_11)_ 1
     V(0_0_0_1) c_u_load_link(0_0_0_1)_ -1
     V(0_0_0_1) c_u_capacity(0_0_1)_ 1
     V(0_0_0_2) c_u_load_link(0_0_0_2)_ -1
     V(0_0_0_2) c_u_capacity(0_0_2)_ 1
     V(0_0_0_3) c_u_load_link(0_0_0_3)_ -1
     V(0_0_0_3) c_u_capacity(0_0_3)_ 1
     V(0_0_0_4) c_u_load_link(0_0_0_4)_ -1
     V(0_0_0_4) c_u_capacity(0_0_4)_ 1
     V(0_0_0_5) c_u_load_link(0_0_0_5)_ -1
     V(0_0_0_5) c_u_capacity(0_0_5)_ 1
     V(0_0_0_6) c_u_load_link(0_0_0_6)_ -1
     V(0_0_0_6) c_u_capacity(0_0_6)_ 1
     V(0_0_0_7) c_u_load_link(0_0_0_7)_ -1
     V(0_0_0_7) c_u_capacity(0_0_7)_ 1
     V(0_0_0_8) c_u_load_link(0_0_0_8)_ -1
     V(0_0_0_8) c_u_capacity(0_0_8)_ 1
     V(0_0_0_9) c_u_load_link(0_0_0_9)_ -1
     V(0_0_0_9) c_u_capacity(0_0_9)_ 1
     V(0_0_0_10) c_u_load_link(0_0_0_10)_ -1
     V(0_0_0_10) c_u_capacity(0_0_10)_ 1
     V(0_0_0_11) c_u_load_link(0_0_0_11)_ -1
     V(0_0_0_11) c_u_capacity(0_0_11)_ 1
     V(1_0_0_1) c_u_load_link(1_0_0_1)_ -1
     V(1_0_0_1) c_u_capacity(0_0_1)_ 1
     V(1_0_0_2) c_u_load_link(1_0_0_2)_ -1
     V(1_0_0_2) c_u_capacity(0_0_2)_ 1
     V(1_0_0_3) c_u_load_link(1_0_0_3)_ -1
     V(1_0_0_3) c_u_capacity(0_0_3)_ 1
     V(1_0_0_4) c_u_load_link(1_0_0_4)_ -1
     V(1_0_0_4) c_u_capacity(0_0_4)_ 1
     V(1_0_0_5) c_u_load_link(1_0_0_5)_ -1
     V(1_0_0_5) c_u_capacity(0_0_5)_ 1
     V(1_0_0_6) c_u_load_link(1_0_0_6)_ -1
     V(1_0_0_6) c_u_capacity(0_0_6)_ 1
     V(1_0_0_7) c_u_load_link(1_0_0_7)_ -1
     V(1_0_0_7) c_u_capacity(0_0_7)_ 1
     V(1_0_0_8) c_u_load_link(1_0_0_8)_ -1
     V(1_0_0_8) c_u_capacity(0_0_8)_ 1
     V(1_0_0_9) c_u_load_link(1_0_0_9)_ -1
     V(1_0_0_9) c_u_capacity(0_0_9)_ 1
     V(1_0_0_10) c_u_load_link(1_0_0_10)_ -1
     V(1_0_0_10) c_u_capacity(0_0_10)_ 1
     V(1_0_0_11) c_u_load_link(1_0_0_11)_ -1
     V(1_0_0_11) c_u_capacity(0_0_11)_ 1
RHS
     RHS c_e_start_once(0)_ 1
     RHS c_e_start_once(1)_ 1
     RHS c_e_worker_count(0)_ 0
     RHS c_e_worker_count(1)_ 0
     RHS c_u_one_worker_type(0_0_0)_ 0
     RHS c_u_one_worker_type(1_0_0)_ 0
     RHS c_u_used_w(0_0_0)_ 0
     RHS c_u_used_w(1_0_0)_ 0
     RHS c_u_colocated(0)_ 1
     RHS c_u_colocated(1)_ 1
     RHS c_e_running(0_1)_ 0
     RHS c_e_running(0_2)_ 0
     RHS c_e_running(0_3)_ 0
     RHS c_e_running(0_4)_ 0
     RHS c_e_running(0_5)_ 0
     RHS c_e_running(0_6)_ 0
     RHS c_e_running(0_7)_ 0
     RHS c_e_running(0_8)_ 0
     RHS c_e_running(0_9)_ 0
     RHS c_e_running(0_10)_ 0
     RHS c_e_running(0_11)_ 0
     RHS c_e_running(1_1)_ 0
     RHS c_e_running(1_2)_ 0
     RHS c_e_running(1_3)_ 0
     RHS c_e_running(1_4)_ 0
     RHS c_e_running(1_5)_ 0
     RHS c_e_running(1_6)_ 0
     RHS c_e_running(1_7)_ 0
     RHS c_e_running(1_8)_ 0
     RHS c_e_running(1_9)_ 0
     RHS c_e_running(1_10)_ 0
     RHS c_e_running(1_11)_ 0
     RHS c_u_load_cap(0_0_0)_ 1
     RHS c_u_load_cap(1_0_0)_ 1
     RHS c_u_load_link(0_0_0_1)_ 1
     RHS c_u_load_link(0_0_0_2)_ 1
     RHS c_u_load_link(0_0_0_3)_ 1
     RHS c_u_load_link(0_0_0_4)_ 1
     RHS c_u_load_link(0_0_0_5)_ 1
     RHS c_u_load_link(0_0_0_6)_ 1
     RHS c_u_load_link(0_0_0_7)_ 1
     RHS c_u_load_link(0_0_0_8)_ 1
     RHS c_u_load_link(0_0_0_9)_ 1
     RHS c_u_load_link(0_0_0_10)_ 1
     RHS c_u_load_link(0_0_0_11)_ 1
     RHS c_u_load_link(1_0_0_1)_ 1
     RHS c_u_load_link(1_0_0_2)_ 1
     RHS c_u_load_link(1_0_0_3)_ 1
     RHS c_u_load_link(1_0_0_4)_ 1
     RHS c_u_load_link(1_0_0_5)_ 1
     RHS c_u_load_link(1_0_0_6)_ 1
     RHS c_u_load_link(1_0_0_7)_ 1
     RHS c_u_load_link(1_0_0_8)_ 1
     RHS c_u_load_link(1_0_0_9)_ 1
     RHS c_u_load_link(1_0_0_10)_ 1
     RHS c_u_load_link(1_0_0_11)_ 1
     RHS c_u_capacity(0_0_1)_ 1
     RHS c_u_capacity(0_0_2)_ 1
     RHS c_u_capacity(0_0_3)_ 1
     RHS c_u_capacity(0_0_4)_ 1
     RHS c_u_capacity(0_0_5)_ 1
     RHS c_u_capacity(0_0_6)_ 1
     RHS c_u_capacity(0_0_7)_ 1
     RHS c_u_capacity(0_0_8)_ 1
     RHS c_u_capacity(0_0_9)_ 1
     RHS c_u_capacity(0_0_10)_ 1
     RHS c_u_capacity(0_0_11)_ 1
     RHS c_u_aggregate(0_1)_ 1
     RHS c_u_aggregate(0_2)_ 1
     RHS c_u_aggregate(0_3)_ 1
     RHS c_u_aggregate(0_4)_ 1
     RHS c_u_aggregate(0_5)_ 1
     RHS c_u_aggregate(0_6)_ 1
     RHS c_u_aggregate(0_7)_ 1
     RHS c_u_aggregate(0_8)_ 1
     RHS c_u_aggregate(0_9)_ 1
     RHS c_u_aggregate(0_10)_ 1
     RHS c_u_aggregate(0_11)_ 1
BOUNDS
 BV BOUND X(0_0_1)
 BV BOUND X(0_0_2)
 BV BOUND X(0_0_3)
 BV BOUND X(0_0_4)
 BV BOUND X(0_0_5)
 BV BOUND X(0_0_6)
 BV BOUND X(0_0_7)
 BV BOUND X(0_0_8)
 BV BOUND X(0_0_9)
 BV BOUND X(0_1_1)
 BV BOUND X(0_1_2)
 BV BOUND X(0_1_3)
 BV BOUND X(0_1_4)
 BV BOUND X(0_1_5)
 BV BOUND X(0_1_6)
 BV BOUND X(0_1_7)
 BV BOUND X(0_1_8)
 BV BOUND X(0_1_9)
 BV BOUND X(1_0_2)
 BV BOUND X(1_0_3)
 BV BOUND X(1_0_4)
 BV BOUND X(1_0_5)
 BV BOUND X(1_0_6)
 BV BOUND X(1_0_7)
 BV BOUND X(1_0_8)
 BV BOUND X(1_0_9)
 BV BOUND X(1_0_10)
 BV BOUND X(1_0_11)
 BV BOUND X(1_1_2)
 BV BOUND X(1_1_3)
 BV BOUND X(1_1_4)
 BV BOUND X(1_1_5)
 BV BOUND X(1_1_6)
 BV BOUND X(1_1_7)
 BV BOUND X(1_1_8)
 BV BOUND X(1_1_9)
 BV BOUND X(1_1_10)
 BV BOUND X(1_1_11)
 LI BOUND Y(0_0_0) 0
 UI BOUND Y(0_0_0) 10E20
 LI BOUND Y(1_0_0) 0
 UI BOUND Y(1_0_0) 10E20
 BV BOUND o(0_0)
 BV BOUND o(1_0)
 LO BOUND Z(0_1) 0
 UP BOUND Z(0_1) 1
 LO BOUND Z(0_2) 0
 UP BOUND Z(0_2) 1
 LO BOUND Z(0_3) 0
 UP BOUND Z(0_3) 1
 LO BOUND Z(0_4) 0
 UP BOUND Z(0_4) 1
 LO BOUND Z(0_5) 0
 UP BOUND Z(0_5) 1
 LO BOUND Z(0_6) 0
 UP BOUND Z(0_6) 1
 LO BOUND Z(0_7) 0
 UP BOUND Z(0_7) 1
 LO BOUND Z(0_8) 0
 UP BOUND Z(0_8) 1
 LO BOUND Z(0_9) 0
 UP BOUND Z(0_9) 1
 LO BOUND Z(0_10) 0
 UP BOUND Z(0_10) 1
 LO BOUND Z(0_11) 0
 UP BOUND Z(0_11) 1
 LO BOUND Z(1_1) 0
 UP BOUND Z(1_1) 1
 LO BOUND Z(1_2) 0
 UP BOUND Z(1_2) 1
 LO BOUND Z(1_3) 0
 UP BOUND Z(1_3) 1
 LO BOUND Z(1_4) 0
 UP BOUND Z(1_4) 1
 LO BOUND Z(1_5) 0
 UP BOUND Z(1_5) 1
 LO BOUND Z(1_6) 0
 UP BOUND Z(1_6) 1
 LO BOUND Z(1_7) 0
 UP BOUND Z(1_7) 1
 LO BOUND Z(1_8) 0
 UP BOUND Z(1_8) 1
 LO BOUND Z(1_9) 0
 UP BOUND Z(1_9) 1
 LO BOUND Z(1_10) 0
 UP BOUND Z(1_10) 1
 LO BOUND Z(1_11) 0
 UP BOUND Z(1_11) 1
 LO BOUND V(0_0_0_1) 0
 LO BOUND V(0_0_0_2) 0
 LO BOUND V(0_0_0_3) 0
 LO BOUND V(0_0_0_4) 0
 LO BOUND V(0_0_0_5) 0
 LO BOUND V(0_0_0_6) 0
 LO BOUND V(0_0_0_7) 0
 LO BOUND V(0_0_0_8) 0
 LO BOUND V(0_0_0_9) 0
 LO BOUND V(0_0_0_10) 0
 LO BOUND V(0_0_0_11) 0
 LO BOUND V(1_0_0_1) 0
 LO BOUND V(1_0_0_2) 0
 LO BOUND V(1_0_0_3) 0
 LO BOUND V(1_0_0_4) 0
 LO BOUND V(1_0_0_5) 0
 LO BOUND V(1_0_0_6) 0
 LO BOUND V(1_0_0_7) 0
 LO BOUND V(1_0_0_8) 0
 LO BOUND V(1_0_0_9) 0
 LO BOUND V(1_0_0_10) 0
 LO BOUND V(1_0_0_11) 0
ENDATA
