* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME completion-e1-s1-ps
OBJSENSE
 MIN
ROWS
 N  obj
 E  c_e_start_once(0)_
 E  c_e_start_once(1)_
 E  c_e_start_once(2)_
 E  c_e_start_once(3)_
 E  c_e_worker_count(0)_
 E  c_e_worker_count(1)_
 E  c_e_worker_count(2)_
 E  c_e_worker_count(3)_
 L  c_u_one_worker_type(0_0_0)_
 L  c_u_one_worker_type(1_0_0)_
 L  c_u_one_worker_type(2_0_0)_
 L  c_u_one_worker_type(3_0_0)_
 L  c_u_one_ps_type(0_0_0)_
 L  c_u_one_ps_type(1_0_0)_
 L  c_u_one_ps_type(2_0_0)_
 L  c_u_one_ps_type(3_0_0)_
 L  c_u_used_w(0_0_0)_
 L  c_u_used_w(1_0_0)_
 L  c_u_used_w(2_0_0)_
 L  c_u_used_w(3_0_0)_
 L  c_u_colocated(0)_
 L  c_u_colocated(1)_
 L  c_u_colocated(2)_
 L  c_u_colocated(3)_
 L  c_u_used_p(0_0_0)_
 L  c_u_used_p(1_0_0)_
 L  c_u_used_p(2_0_0)_
 L  c_u_used_p(3_0_0)_
 G  c_l_one_ps(0)_
 G  c_l_one_ps(1)_
 G  c_l_one_ps(2)_
 G  c_l_one_ps(3)_
 L  c_u_ps_host(0_0_0)_
 L  c_u_ps_host(1_0_0)_
 L  c_u_ps_host(2_0_0)_
 L  c_u_ps_host(3_0_0)_
 G  c_l_ps_bandwidth(0_0)_
 G  c_l_ps_bandwidth(1_0)_
 G  c_l_ps_bandwidth(2_0)_
 G  c_l_ps_bandwidth(3_0)_
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
 E  c_e_running(2_1)_
 E  c_e_running(2_2)_
 E  c_e_running(2_3)_
 E  c_e_running(2_4)_
 E  c_e_running(2_5)_
 E  c_e_running(2_6)_
 E  c_e_running(2_7)_
 E  c_e_running(2_8)_
 E  c_e_running(2_9)_
 E  c_e_running(2_10)_
 E  c_e_running(3_1)_
 E  c_e_running(3_2)_
 E  c_e_running(3_3)_
 E  c_e_running(3_4)_
 E  c_e_running(3_5)_
 E  c_e_running(3_6)_
 E  c_e_running(3_7)_
 E  c_e_running(3_8)_
 E  c_e_running(3_9)_
 E  c_e_running(3_10)_
 L  c_u_load_cap(0_0_0)_
 L  c_u_load_cap(1_0_0)_
 L  c_u_load_cap(2_0_0)_
 L  c_u_load_cap(3_0_0)_
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
 L  c_u_load_link(2_0_0_1)_
 L  c_u_load_link(2_0_0_2)_
 L  c_u_load_link(2_0_0_3)_
 L  c_u_load_link(2_0_0_4)_
 L  c_u_load_link(2_0_0_5)_
 L  c_u_load_link(2_0_0_6)_
 L  c_u_load_link(2_0_0_7)_
 L  c_u_load_link(2_0_0_8)_
 L  c_u_load_link(2_0_0_9)_
 L  c_u_load_link(2_0_0_10)_
 L  c_u_load_link(3_0_0_1)_
 L  c_u_load_link(3_0_0_2)_
 L  c_u_load_link(3_0_0_3)_
 L  c_u_load_link(3_0_0_4)_
 L  c_u_load_link(3_0_0_5)_
 L  c_u_load_link(3_0_0_6)_
 L  c_u_load_link(3_0_0_7)_
 L  c_u_load_link(3_0_0_8)_
 L  c_u_load_link(3_0_0_9)_
 L  c_u_load_link(3_0_0_10)_
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
COLUMNS
     X(0_0_1) obj 4
     X(0_0_1) c_e_start_once(0)_ 1
     X(0_0_1) c_e_worker_count(0)_ -1
     X(0_0_1) c_u_one_worker_type(0_0_0)_ -1
     X(0_0_1) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_2) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_3) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_4) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_5) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_6) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_7) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_0_8) c_u_one_ps_type(0_0_0)_ -1
     X(0_0_8) c_e_running(0_8)_ -1
     X(0_0_8) c_e_running(0_9)_ -1
     X(0_0_8) c_e_running(0_10)_ -1
     X(0_0_8) c_u_aggregate(0_8)_ 1
     X(0_0_8) c_u_aggregate(0_9)_ 1
     X(0_0_8) c_u_aggregate(0_10)_ 1
     X(0_1_1) obj 4
     X(0_1_1) c_e_start_once(0)_ 1
     X(0_1_1) c_e_worker_count(0)_ -1
     X(0_1_1) c_u_one_worker_type(0_0_0)_ -1
     X(0_1_1) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_2) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_3) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_4) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_5) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_6) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_7) c_u_one_ps_type(0_0_0)_ -1
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
     X(0_1_8) c_u_one_ps_type(0_0_0)_ -1
     X(0_1_8) c_e_running(0_8)_ -1
     X(0_1_8) c_e_running(0_9)_ -1
     X(0_1_8) c_e_running(0_10)_ -1
     X(0_1_8) c_u_aggregate(0_8)_ 1
     X(0_1_8) c_u_aggregate(0_9)_ 1
     X(0_1_8) c_u_aggregate(0_10)_ 1
     X(1_0_1) obj 4
     X(1_0_1) c_e_start_once(1)_ 1
     X(1_0_1) c_e_worker_count(1)_ -1
     X(1_0_1) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_1) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_1) c_e_running(1_1)_ -1
     X(1_0_1) c_u_aggregate(0_1)_ 1
     X(1_0_2) obj 6
     X(1_0_2) c_e_start_once(1)_ 1
     X(1_0_2) c_e_worker_count(1)_ -1
     X(1_0_2) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_2) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_2) c_e_running(1_2)_ -1
     X(1_0_2) c_u_aggregate(0_2)_ 1
     X(1_0_3) obj 8
     X(1_0_3) c_e_start_once(1)_ 1
     X(1_0_3) c_e_worker_count(1)_ -1
     X(1_0_3) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_3) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_3) c_e_running(1_3)_ -1
     X(1_0_3) c_u_aggregate(0_3)_ 1
     X(1_0_4) obj 10
     X(1_0_4) c_e_start_once(1)_ 1
     X(1_0_4) c_e_worker_count(1)_ -1
     X(1_0_4) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_4) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_4) c_e_running(1_4)_ -1
     X(1_0_4) c_u_aggregate(0_4)_ 1
     X(1_0_5) obj 12
     X(1_0_5) c_e_start_once(1)_ 1
     X(1_0_5) c_e_worker_count(1)_ -1
     X(1_0_5) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_5) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_5) c_e_running(1_5)_ -1
     X(1_0_5) c_u_aggregate(0_5)_ 1
     X(1_0_6) obj 14
     X(1_0_6) c_e_start_once(1)_ 1
     X(1_0_6) c_e_worker_count(1)_ -1
     X(1_0_6) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_6) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_6) c_e_running(1_6)_ -1
     X(1_0_6) c_u_aggregate(0_6)_ 1
     X(1_0_7) obj 16
     X(1_0_7) c_e_start_once(1)_ 1
     X(1_0_7) c_e_worker_count(1)_ -1
     X(1_0_7) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_7) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_7) c_e_running(1_7)_ -1
     X(1_0_7) c_u_aggregate(0_7)_ 1
     X(1_0_8) obj 18
     X(1_0_8) c_e_start_once(1)_ 1
     X(1_0_8) c_e_worker_count(1)_ -1
     X(1_0_8) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_8) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_8) c_e_running(1_8)_ -1
     X(1_0_8) c_u_aggregate(0_8)_ 1
     X(1_0_9) obj 20
     X(1_0_9) c_e_start_once(1)_ 1
     X(1_0_9) c_e_worker_count(1)_ -1
     X(1_0_9) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_9) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_9) c_e_running(1_9)_ -1
     X(1_0_9) c_u_aggregate(0_9)_ 1
     X(1_0_10) obj 22
     X(1_0_10) c_e_start_once(1)_ 1
     X(1_0_10) c_e_worker_count(1)_ -1
     X(1_0_10) c_u_one_worker_type(1_0_0)_ -1
     X(1_0_10) c_u_one_ps_type(1_0_0)_ -1
     X(1_0_10) c_e_running(1_10)_ -1
     X(1_0_10) c_u_aggregate(0_10)_ 1
     X(1_1_1) obj 4
     X(1_1_1) c_e_start_once(1)_ 1
     X(1_1_1) c_e_worker_count(1)_ -1
     X(1_1_1) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_1) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_1) c_e_running(1_1)_ -1
     X(1_1_1) c_u_aggregate(0_1)_ 1
     X(1_1_2) obj 6
     X(1_1_2) c_e_start_once(1)_ 1
     X(1_1_2) c_e_worker_count(1)_ -1
     X(1_1_2) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_2) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_2) c_e_running(1_2)_ -1
     X(1_1_2) c_u_aggregate(0_2)_ 1
     X(1_1_3) obj 8
     X(1_1_3) c_e_start_once(1)_ 1
     X(1_1_3) c_e_worker_count(1)_ -1
     X(1_1_3) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_3) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_3) c_e_running(1_3)_ -1
     X(1_1_3) c_u_aggregate(0_3)_ 1
     X(1_1_4) obj 10
     X(1_1_4) c_e_start_once(1)_ 1
     X(1_1_4) c_e_worker_count(1)_ -1
     X(1_1_4) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_4) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_4) c_e_running(1_4)_ -1
     X(1_1_4) c_u_aggregate(0_4)_ 1
     X(1_1_5) obj 12
     X(1_1_5) c_e_start_once(1)_ 1
     X(1_1_5) c_e_worker_count(1)_ -1
     X(1_1_5) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_5) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_5) c_e_running(1_5)_ -1
     X(1_1_5) c_u_aggregate(0_5)_ 1
     X(1_1_6) obj 14
     X(1_1_6) c_e_start_once(1)_ 1
     X(1_1_6) c_e_worker_count(1)_ -1
     X(1_1_6) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_6) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_6) c_e_running(1_6)_ -1
     X(1_1_6) c_u_aggregate(0_6)_ 1
     X(1_1_7) obj 16
     X(1_1_7) c_e_start_once(1)_ 1
     X(1_1_7) c_e_worker_count(1)_ -1
     X(1_1_7) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_7) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_7) c_e_running(1_7)_ -1
     X(1_1_7) c_u_aggregate(0_7)_ 1
     X(1_1_8) obj 18
     X(1_1_8) c_e_start_once(1)_ 1
     X(1_1_8) c_e_worker_count(1)_ -1
     X(1_1_8) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_8) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_8) c_e_running(1_8)_ -1
     X(1_1_8) c_u_aggregate(0_8)_ 1
     X(1_1_9) obj 20
     X(1_1_9) c_e_start_once(1)_ 1
     X(1_1_9) c_e_worker_count(1)_ -1
     X(1_1_9) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_9) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_9) c_e_running(1_9)_ -1
     X(1_1_9) c_u_aggregate(0_9)_ 1
     X(1_1_10) obj 22
     X(1_1_10) c_e_start_once(1)_ 1
     X(1_1_10) c_e_worker_count(1)_ -1
     X(1_1_10) c_u_one_worker_type(1_0_0)_ -1
     X(1_1_10) c_u_one_ps_type(1_0_0)_ -1
     X(1_1_10) c_e_running(1_10)_ -1
     X(1_1_10) c_u_aggregate(0_10)_ 1
     X(2_0_1) obj 15
     X(2_0_1) c_e_start_once(2)_ 1
     X(2_0_1) c_e_worker_count(2)_ -1
     X(2_0_1) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_1) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_1) c_e_running(2_1)_ -1
     X(2_0_1) c_e_running(2_2)_ -1
     X(2_0_1) c_u_aggregate(0_1)_ 1
     X(2_0_1) c_u_aggregate(0_2)_ 1
     X(2_0_2) obj 20
     X(2_0_2) c_e_start_once(2)_ 1
     X(2_0_2) c_e_worker_count(2)_ -1
     X(2_0_2) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_2) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_2) c_e_running(2_2)_ -1
     X(2_0_2) c_e_running(2_3)_ -1
     X(2_0_2) c_u_aggregate(0_2)_ 1
     X(2_0_2) c_u_aggregate(0_3)_ 1
     X(2_0_3) obj 25
     X(2_0_3) c_e_start_once(2)_ 1
     X(2_0_3) c_e_worker_count(2)_ -1
     X(2_0_3) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_3) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_3) c_e_running(2_3)_ -1
     X(2_0_3) c_e_running(2_4)_ -1
     X(2_0_3) c_u_aggregate(0_3)_ 1
     X(2_0_3) c_u_aggregate(0_4)_ 1
     X(2_0_4) obj 30
     X(2_0_4) c_e_start_once(2)_ 1
     X(2_0_4) c_e_worker_count(2)_ -1
     X(2_0_4) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_4) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_4) c_e_running(2_4)_ -1
     X(2_0_4) c_e_running(2_5)_ -1
     X(2_0_4) c_u_aggregate(0_4)_ 1
     X(2_0_4) c_u_aggregate(0_5)_ 1
     X(2_0_5) obj 35
     X(2_0_5) c_e_start_once(2)_ 1
     X(2_0_5) c_e_worker_count(2)_ -1
     X(2_0_5) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_5) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_5) c_e_running(2_5)_ -1
     X(2_0_5) c_e_running(2_6)_ -1
     X(2_0_5) c_u_aggregate(0_5)_ 1
     X(2_0_5) c_u_aggregate(0_6)_ 1
     X(2_0_6) obj 40
     X(2_0_6) c_e_start_once(2)_ 1
     X(2_0_6) c_e_worker_count(2)_ -1
     X(2_0_6) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_6) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_6) c_e_running(2_6)_ -1
     X(2_0_6) c_e_running(2_7)_ -1
     X(2_0_6) c_u_aggregate(0_6)_ 1
     X(2_0_6) c_u_aggregate(0_7)_ 1
     X(2_0_7) obj 45
     X(2_0_7) c_e_start_once(2)_ 1
     X(2_0_7) c_e_worker_count(2)_ -1
     X(2_0_7) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_7) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_7) c_e_running(2_7)_ -1
     X(2_0_7) c_e_running(2_8)_ -1
     X(2_0_7) c_u_aggregate(0_7)_ 1
     X(2_0_7) c_u_aggregate(0_8)_ 1
     X(2_0_8) obj 50
     X(2_0_8) c_e_start_once(2)_ 1
     X(2_0_8) c_e_worker_count(2)_ -1
     X(2_0_8) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_8) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_8) c_e_running(2_8)_ -1
     X(2_0_8) c_e_running(2_9)_ -1
     X(2_0_8) c_u_aggregate(0_8)_ 1
     X(2_0_8) c_u_aggregate(0_9)_ 1
     X(2_0_9) obj 55
     X(2_0_9) c_e_start_once(2)_ 1
     X(2_0_9) c_e_worker_count(2)_ -1
     X(2_0_9) c_u_one_worker_type(2_0_0)_ -1
     X(2_0_9) c_u_one_ps_type(2_0_0)_ -1
     X(2_0_9) c_e_running(2_9)_ -1
     X(2_0_9) c_e_running(2_10)_ -1
     X(2_0_9) c_u_aggregate(0_9)_ 1
     X(2_0_9) c_u_aggregate(0_10)_ 1
     X(2_1_1) obj 15
     X(2_1_1) c_e_start_once(2)_ 1
     X(2_1_1) c_e_worker_count(2)_ -1
     X(2_1_1) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_1) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_1) c_e_running(2_1)_ -1
     X(2_1_1) c_e_running(2_2)_ -1
     X(2_1_1) c_u_aggregate(0_1)_ 1
     X(2_1_1) c_u_aggregate(0_2)_ 1
     X(2_1_2) obj 20
     X(2_1_2) c_e_start_once(2)_ 1
     X(2_1_2) c_e_worker_count(2)_ -1
     X(2_1_2) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_2) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_2) c_e_running(2_2)_ -1
     X(2_1_2) c_e_running(2_3)_ -1
     X(2_1_2) c_u_aggregate(0_2)_ 1
     X(2_1_2) c_u_aggregate(0_3)_ 1
     X(2_1_3) obj 25
     X(2_1_3) c_e_start_once(2)_ 1
     X(2_1_3) c_e_worker_count(2)_ -1
     X(2_1_3) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_3) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_3) c_e_running(2_3)_ -1
     X(2_1_3) c_e_running(2_4)_ -1
     X(2_1_3) c_u_aggregate(0_3)_ 1
     X(2_1_3) c_u_aggregate(0_4)_ 1
     X(2_1_4) obj 30
     X(2_1_4) c_e_start_once(2)_ 1
     X(2_1_4) c_e_worker_count(2)_ -1
     X(2_1_4) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_4) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_4) c_e_running(2_4)_ -1
     X(2_1_4) c_e_running(2_5)_ -1
     X(2_1_4) c_u_aggregate(0_4)_ 1
     X(2_1_4) c_u_aggregate(0_5)_ 1
     X(2_1_5) obj 35
     X(2_1_5) c_e_start_once(2)_ 1
     X(2_1_5) c_e_worker_count(2)_ -1
     X(2_1_5) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_5) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_5) c_e_running(2_5)_ -1
     X(2_1_5) c_e_running(2_6)_ -1
     X(2_1_5) c_u_aggregate(0_5)_ 1
     X(2_1_5) c_u_aggregate(0_6)_ 1
     X(2_1_6) obj 40
     X(2_1_6) c_e_start_once(2)_ 1
     X(2_1_6) c_e_worker_count(2)_ -1
     X(2_1_6) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_6) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_6) c_e_running(2_6)_ -1
     X(2_1_6) c_e_running(2_7)_ -1
     X(2_1_6) c_u_aggregate(0_6)_ 1
     X(2_1_6) c_u_aggregate(0_7)_ 1
     X(2_1_7) obj 45
     X(2_1_7) c_e_start_once(2)_ 1
     X(2_1_7) c_e_worker_count(2)_ -1
     X(2_1_7) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_7) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_7) c_e_running(2_7)_ -1
     X(2_1_7) c_e_running(2_8)_ -1
     X(2_1_7) c_u_aggregate(0_7)_ 1
     X(2_1_7) c_u_aggregate(0_8)_ 1
     X(2_1_8) obj 50
     X(2_1_8) c_e_start_once(2)_ 1
     X(2_1_8) c_e_worker_count(2)_ -1
     X(2_1_8) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_8) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_8) c_e_running(2_8)_ -1
     X(2_1_8) c_e_running(2_9)_ -1
     X(2_1_8) c_u_aggregate(0_8)_ 1
     X(2_1_8) c_u_aggregate(0_9)_ 1
     X(2_1_9) obj 55
     X(2_1_9) c_e_start_once(2)_ 1
     X(2_1_9) c_e_worker_count(2)_ -1
     X(2_1_9) c_u_one_worker_type(2_0_0)_ -1
     X(2_1_9) c_u_one_ps_type(2_0_0)_ -1
     X(2_1_9) c_e_running(2_9)_ -1
     X(2_1_9) c_e_running(2_10)_ -1
     X(2_1_9) c_u_aggregate(0_9)_ 1
     X(2_1_9) c_u_aggregate(0_10)_ 1
     X(3_0_1) obj 20
     X(3_0_1) c_e_start_once(3)_ 1
     X(3_0_1) c_e_worker_count(3)_ -1
     X(3_0_1) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_1) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_1) c_e_running(3_1)_ -1
     X(3_0_1) c_e_running(3_2)_ -1
     X(3_0_1) c_e_running(3_3)_ -1
     X(3_0_1) c_e_running(3_4)_ -1
     X(3_0_1) c_u_aggregate(0_1)_ 1
     X(3_0_1) c_u_aggregate(0_2)_ 1
     X(3_0_1) c_u_aggregate(0_3)_ 1
     X(3_0_1) c_u_aggregate(0_4)_ 1
     X(3_0_2) obj 24
     X(3_0_2) c_e_start_once(3)_ 1
     X(3_0_2) c_e_worker_count(3)_ -1
     X(3_0_2) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_2) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_2) c_e_running(3_2)_ -1
     X(3_0_2) c_e_running(3_3)_ -1
     X(3_0_2) c_e_running(3_4)_ -1
     X(3_0_2) c_e_running(3_5)_ -1
     X(3_0_2) c_u_aggregate(0_2)_ 1
     X(3_0_2) c_u_aggregate(0_3)_ 1
     X(3_0_2) c_u_aggregate(0_4)_ 1
     X(3_0_2) c_u_aggregate(0_5)_ 1
     X(3_0_3) obj 28
     X(3_0_3) c_e_start_once(3)_ 1
     X(3_0_3) c_e_worker_count(3)_ -1
     X(3_0_3) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_3) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_3) c_e_running(3_3)_ -1
     X(3_0_3) c_e_running(3_4)_ -1
     X(3_0_3) c_e_running(3_5)_ -1
     X(3_0_3) c_e_running(3_6)_ -1
     X(3_0_3) c_u_aggregate(0_3)_ 1
     X(3_0_3) c_u_aggregate(0_4)_ 1
     X(3_0_3) c_u_aggregate(0_5)_ 1
     X(3_0_3) c_u_aggregate(0_6)_ 1
     X(3_0_4) obj 32
     X(3_0_4) c_e_start_once(3)_ 1
     X(3_0_4) c_e_worker_count(3)_ -1
     X(3_0_4) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_4) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_4) c_e_running(3_4)_ -1
     X(3_0_4) c_e_running(3_5)_ -1
     X(3_0_4) c_e_running(3_6)_ -1
     X(3_0_4) c_e_running(3_7)_ -1
     X(3_0_4) c_u_aggregate(0_4)_ 1
     X(3_0_4) c_u_aggregate(0_5)_ 1
     X(3_0_4) c_u_aggregate(0_6)_ 1
     X(3_0_4) c_u_aggregate(0_7)_ 1
     X(3_0_5) obj 36
     X(3_0_5) c_e_start_once(3)_ 1
     X(3_0_5) c_e_worker_count(3)_ -1
     X(3_0_5) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_5) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_5) c_e_running(3_5)_ -1
     X(3_0_5) c_e_running(3_6)_ -1
     X(3_0_5) c_e_running(3_7)_ -1
     X(3_0_5) c_e_running(3_8)_ -1
     X(3_0_5) c_u_aggregate(0_5)_ 1
     X(3_0_5) c_u_aggregate(0_6)_ 1
     X(3_0_5) c_u_aggregate(0_7)_ 1
     X(3_0_5) c_u_aggregate(0_8)_ 1
     X(3_0_6) obj 40
     X(3_0_6) c_e_start_once(3)_ 1
     X(3_0_6) c_e_worker_count(3)_ -1
     X(3_0_6) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_6) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_6) c_e_running(3_6)_ -1
     X(3_0_6) c_e_running(3_7)_ -1
     X(3_0_6) c_e_running(3_8)_ -1
     X(3_0_6) c_e_running(3_9)_ -1
     X(3_0_6) c_u_aggregate(0_6)_ 1
     X(3_0_6) c_u_aggregate(0_7)_ 1
     X(3_0_6) c_u_aggregate(0_8)_ 1
     X(3_0_6) c_u_aggregate(0_9)_ 1
     X(3_0_7) obj 44
     X(3_0_7) c_e_start_once(3)_ 1
     X(3_0_7) c_e_worker_count(3)_ -1
     X(3_0_7) c_u_one_worker_type(3_0_0)_ -1
     X(3_0_7) c_u_one_ps_type(3_0_0)_ -1
     X(3_0_7) c_e_running(3_7)_ -1
     X(3_0_7) c_e_running(3_8)_ -1
     X(3_0_7) c_e_running(3_9)_ -1
     X(3_0_7) c_e_running(3_10)_ -1
     X(3_0_7) c_u_aggregate(0_7)_ 1
     X(3_0_7) c_u_aggregate(0_8)_ 1
     X(3_0_7) c_u_aggregate(0_9)_ 1
     X(3_0_7) c_u_aggregate(0_10)_ 1
     X(3_1_1) obj 20
     X(3_1_1) c_e_start_once(3)_ 1
     X(3_1_1) c_e_worker_count(3)_ -1
     X(3_1_1) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_1) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_1) c_e_running(3_1)_ -1
     X(3_1_1) c_e_running(3_2)_ -1
     X(3_1_1) c_e_running(3_3)_ -1
     X(3_1_1) c_e_running(3_4)_ -1
     X(3_1_1) c_u_aggregate(0_1)_ 1
     X(3_1_1) c_u_aggregate(0_2)_ 1
     X(3_1_1) c_u_aggregate(0_3)_ 1
     X(3_1_1) c_u_aggregate(0_4)_ 1
     X(3_1_2) obj 24
     X(3_1_2) c_e_start_once(3)_ 1
     X(3_1_2) c_e_worker_count(3)_ -1
     X(3_1_2) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_2) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_2) c_e_running(3_2)_ -1
     X(3_1_2) c_e_running(3_3)_ -1
     X(3_1_2) c_e_running(3_4)_ -1
     X(3_1_2) c_e_running(3_5)_ -1
     X(3_1_2) c_u_aggregate(0_2)_ 1
     X(3_1_2) c_u_aggregate(0_3)_ 1
     X(3_1_2) c_u_aggregate(0_4)_ 1
     X(3_1_2) c_u_aggregate(0_5)_ 1
     X(3_1_3) obj 28
     X(3_1_3) c_e_start_once(3)_ 1
     X(3_1_3) c_e_worker_count(3)_ -1
     X(3_1_3) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_3) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_3) c_e_running(3_3)_ -1
     X(3_1_3) c_e_running(3_4)_ -1
     X(3_1_3) c_e_running(3_5)_ -1
     X(3_1_3) c_e_running(3_6)_ -1
     X(3_1_3) c_u_aggregate(0_3)_ 1
     X(3_1_3) c_u_aggregate(0_4)_ 1
     X(3_1_3) c_u_aggregate(0_5)_ 1
     X(3_1_3) c_u_aggregate(0_6)_ 1
     X(3_1_4) obj 32
     X(3_1_4) c_e_start_once(3)_ 1
     X(3_1_4) c_e_worker_count(3)_ -1
     X(3_1_4) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_4) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_4) c_e_running(3_4)_ -1
     X(3_1_4) c_e_running(3_5)_ -1
     X(3_1_4) c_e_running(3_6)_ -1
     X(3_1_4) c_e_running(3_7)_ -1
     X(3_1_4) c_u_aggregate(0_4)_ 1
     X(3_1_4) c_u_aggregate(0_5)_ 1
     X(3_1_4) c_u_aggregate(0_6)_ 1
     X(3_1_4) c_u_aggregate(0_7)_ 1
     X(3_1_5) obj 36
     X(3_1_5) c_e_start_once(3)_ 1
     X(3_1_5) c_e_worker_count(3)_ -1
     X(3_1_5) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_5) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_5) c_e_running(3_5)_ -1
     X(3_1_5) c_e_running(3_6)_ -1
     X(3_1_5) c_e_running(3_7)_ -1
     X(3_1_5) c_e_running(3_8)_ -1
     X(3_1_5) c_u_aggregate(0_5)_ 1
     X(3_1_5) c_u_aggregate(0_6)_ 1
     X(3_1_5) c_u_aggregate(0_7)_ 1
     X(3_1_5) c_u_aggregate(0_8)_ 1
     X(3_1_6) obj 40
     X(3_1_6) c_e_start_once(3)_ 1
     X(3_1_6) c_e_worker_count(3)_ -1
     X(3_1_6) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_6) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_6) c_e_running(3_6)_ -1
     X(3_1_6) c_e_running(3_7)_ -1
     X(3_1_6) c_e_running(3_8)_ -1
     X(3_1_6) c_e_running(3_9)_ -1
     X(3_1_6) c_u_aggregate(0_6)_ 1
     X(3_1_6) c_u_aggregate(0_7)_ 1
     X(3_1_6) c_u_aggregate(0_8)_ 1
     X(3_1_6) c_u_aggregate(0_9)_ 1
     X(3_1_7) obj 44
     X(3_1_7) c_e_start_once(3)_ 1
     X(3_1_7) c_e_worker_count(3)_ -1
     X(3_1_7) c_u_one_worker_type(3_0_0)_ -1
     X(3_1_7) c_u_one_ps_type(3_0_0)_ -1
     X(3_1_7) c_e_running(3_7)_ -1
     X(3_1_7) c_e_running(3_8)_ -1
     X(3_1_7) c_e_running(3_9)_ -1
     X(3_1_7) c_e_running(3_10)_ -1
     X(3_1_7) c_u_aggregate(0_7)_ 1
     X(3_1_7) c_u_aggregate(0_8)_ 1
     X(3_1_7) c_u_aggregate(0_9)_ 1
     X(3_1_7) c_u_aggregate(0_10)_ 1
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
     Y(2_0_0) c_e_worker_count(2)_ 1
     Y(2_0_0) c_u_one_worker_type(2_0_0)_ 1
     Y(2_0_0) c_u_used_w(2_0_0)_ 1
     Y(2_0_0) c_u_load_cap(2_0_0)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_1)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_2)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_3)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_4)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_5)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_6)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_7)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_8)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_9)_ 1
     Y(2_0_0) c_u_load_link(2_0_0_10)_ 1
     Y(3_0_0) c_e_worker_count(3)_ 1
     Y(3_0_0) c_u_one_worker_type(3_0_0)_ 1
     Y(3_0_0) c_u_used_w(3_0_0)_ 1
     Y(3_0_0) c_u_load_cap(3_0_0)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_1)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_2)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_3)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_4)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_5)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_6)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_7)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_8)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_9)_ 1
     Y(3_0_0) c_u_load_link(3_0_0_10)_ 1
     o(0_0) c_u_used_w(0_0_0)_ -1
     o(0_0) c_u_colocated(0)_ 1
     o(0_0) c_u_used_p(0_0_0)_ -1
     o(1_0) c_u_used_w(1_0_0)_ -1
     o(1_0) c_u_colocated(1)_ 1
     o(1_0) c_u_used_p(1_0_0)_ -1
     o(2_0) c_u_used_w(2_0_0)_ -1
     o(2_0) c_u_colocated(2)_ 1
     o(2_0) c_u_used_p(2_0_0)_ -1
     o(3_0) c_u_used_w(3_0_0)_ -1
     o(3_0) c_u_colocated(3)_ 1
     o(3_0) c_u_used_p(3_0_0)_ -1
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
     Z(2_1) c_e_running(2_1)_ 1
     Z(2_1) c_u_load_link(2_0_0_1)_ 1
     Z(2_2) c_e_running(2_2)_ 1
     Z(2_2) c_u_load_link(2_0_0_2)_ 1
     Z(2_3) c_e_running(2_3)_ 1
     Z(2_3) c_u_load_link(2_0_0_3)_ 1
     Z(2_4) c_e_running(2_4)_ 1
     Z(2_4) c_u_load_link(2_0_0_4)_ 1
     Z(2_5) c_e_running(2_5)_ 1
     Z(2_5) c_u_load_link(2_0_0_5)_ 1
     Z(2_6) c_e_running(2_6)_ 1
     Z(2_6) c_u_load_link(2_0_0_6)_ 1
     Z(2_7) c_e_running(2_7)_ 1
     Z(2_7) c_u_load_link(2_0_0_7)_ 1
     Z(2_8) c_e_running(2_8)_ 1
     Z(2_8) c_u_load_link(2_0_0_8)_ 1
     Z(2_9) c_e_running(2_9)_ 1
     Z(2_9) c_u_load_link(2_0_0_9)_ 1
     Z(2_10) c_e_running(2_10)_ 1
     Z(2_10) c_u_load_link(2_0_0_10)_ 1
     Z(3_1) c_e_running(3_1)_ 1
     Z(3_1) c_u_load_link(3_0_0_1)_ 1
     Z(3_2) c_e_running(3_2)_ 1
     Z(3_2) c_u_load_link(3_0_0_2)_ 1
     Z(3_3) c_e_running(3_3)_ 1
     Z(3_3) c_u_load_link(3_0_0_3)_ 1
     Z(3_4) c_e_running(3_4)_ 1
     Z(3_4) c_u_load_link(3_0_0_4)_ 1
     Z(3_5) c_e_running(3_5)_ 1
     Z(3_5) c_u_load_link(3_0_0_5)_ 1
     Z(3_6) c_e_running(3_6)_ 1
     Z(3_6) c_u_load_link(3_0_0_6)_ 1
     Z(3_7) c_e_running(3_7)_ 1
     Z(3_7) c_u_load_link(3_0_0_7)_ 1
     Z(3_8) c_e_running(3_8)_ 1
     Z(3_8) c_u_load_link(3_0_0_8)_ 1
     Z(3_9) c_e_running(3_9)_ 1
     Z(3_9) c_u_load_link(3_0_0_9)_ 1
     Z(3_10) c_e_running(3_10)_ 1
     Z(3_10) c_u_load_link(3_0_0_10)_ 1
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
     V(2_0_0_1) c_u_load_link(2_0_0_1)_ -1
     V(2_0_0_1) c_u_capacity(0_0_1)_ 1
     V(2_0_0_2) c_u_load_link(2_0_0_2)_ -1
     V(2_0_0_2) c_u_capacity(0_0_2)_ 1
     V(2_0_0_3) c_u_load_link(2_0_0_3)_ -1
     V(2_0_0_3) c_u_capacity(0_0_3)_ 1
     V(2_0_0_4) c_u_load_link(2_0_0_4)_ -1
     V(2_0_0_4) c_u_capacity(0_0_4)_ 1
     V(2_0_0_5) c_u_load_link(2_0_0_5)_ -1
     V(2_0_0_5) c_u_capacity(0_0_5)_ 1
     V(2_0_0_6) c_u_load_link(2_0_0_6)_ -1
     V(2_0_0_6) c_u_capacity(0_0_6)_ 1
     V(2_0_0_7) c_u_load_link(2_0_0_7)_ -1
     V(2_0_0_7) c_u_capacity(0_0_7)_ 1
     V(2_0_0_8) c_u_load_link(2_0_0_8)_ -1
     V(2_0_0_8) c_u_capacity(0_0_8)_ 1
     V(2_0_0_9) c_u_load_link(2_0_0_9)_ -1
     V(2_0_0_9) c_u_capacity(0_0_9)_ 1
     V(2_0_0_10) c_u_load_link(2_0_0_10)_ -1
     V(2_0_0_10) c_u_capacity(0_0_10)_ 1
     V(3_0_0_1) c_u_load_link(3_0_0_1)_ -1
     V(3_0_0_1) c_u_capacity(0_0_1)_ 1
     V(3_0_0_2) c_u_load_link(3_0_0_2)_ -1
     V(3_0_0_2) c_u_capacity(0_0_2)_ 1
     V(3_0_0_3) c_u_load_link(3_0_0_3)_ -1
     V(3_0_0_3) c_u_capacity(0_0_3)_ 1
     V(3_0_0_4) c_u_load_link(3_0_0_4)_ -1
     V(3_0_0_4) c_u_capacity(0_0_4)_ 1
     V(3_0_0_5) c_u_load_link(3_0_0_5)_ -1
     V(3_0_0_5) c_u_capacity(0_0_5)_ 1
     V(3_0_0_6) c_u_load_link(3_0_0_6)_ -1
     V(3_0_0_6) c_u_capacity(0_0_6)_ 1
     V(3_0_0_7) c_u_load_link(3_0_0_7)_ -1
     V(3_0_0_7) c_u_capacity(0_0_7)_ 1
     V(3_0_0_8) c_u_load_link(3_0_0_8)_ -1
     V(3_0_0_8) c_u_capacity(0_0_8)_ 1
     V(3_0_0_9) c_u_load_link(3_0_0_9)_ -1
     V(3_0_0_9) c_u_capacity(0_0_9)_ 1
     V(3_0_0_10) c_u_load_link(3_0_0_10)_ -1
     V(3_0_0_10) c_u_capacity(0_0_10)_ 1
     S(0_0_0) c_u_one_ps_type(0_0_0)_ 1
     S(0_0_0) c_u_used_p(0_0_0)_ 1
     S(0_0_0) c_l_one_ps(0)_ 1
     S(0_0_0) c_u_ps_host(0_0_0)_ 1
     S(0_0_0) c_l_ps_bandwidth(0_0)_ 1
     S(1_0_0) c_u_one_ps_type(1_0_0)_ 1
     S(1_0_0) c_u_used_p(1_0_0)_ 1
     S(1_0_0) c_l_one_ps(1)_ 1
     S(1_0_0) c_u_ps_host(1_0_0)_ 1
     S(1_0_0) c_l_ps_bandwidth(1_0)_ 1
     S(2_0_0) c_u_one_ps_type(2_0_0)_ 1
     S(2_0_0) c_u_used_p(2_0_0)_ 1
     S(2_0_0) c_l_one_ps(2)_ 1
     S(2_0_0) c_u_ps_host(2_0_0)_ 1
     S(2_0_0) c_l_ps_bandwidth(2_0)_ 1
     S(3_0_0) c_u_one_ps_type(3_0_0)_ 1
     S(3_0_0) c_u_used_p(3_0_0)_ 1
     S(3_0_0) c_l_one_ps(3)_ 1
     S(3_0_0) c_u_ps_host(3_0_0)_ 1
     S(3_0_0) c_l_ps_bandwidth(3_0)_ 1
     g(0_0) c_u_ps_host(0_0_0)_ -1
     g(0_0) c_l_ps_bandwidth(0_0)_ -1
     g(1_0) c_u_ps_host(1_0_0)_ -1
     g(1_0) c_l_ps_bandwidth(1_0)_ -1
     g(2_0) c_u_ps_host(2_0_0)_ -1
     g(2_0) c_l_ps_bandwidth(2_0)_ -1
     g(3_0) c_u_ps_host(3_0_0)_ -1
     g(3_0) c_l_ps_bandwidth(3_0)_ -1
RHS
     RHS c_e_start_once(0)_ 1
     RHS c_e_start_once(1)_ 1
     RHS c_e_start_once(2)_ 1
     RHS c_e_start_once(3)_ 1
     RHS c_e_worker_count(0)_ 0
     RHS c_e_worker_count(1)_ 0
     RHS c_e_worker_count(2)_ 0
     RHS c_e_worker_count(3)_ 0
     RHS c_u_one_worker_type(0_0_0)_ 0
     RHS c_u_one_worker_type(1_0_0)_ 0
     RHS c_u_one_worker_type(2_0_0)_ 0
     RHS c_u_one_worker_type(3_0_0)_ 0
     RHS c_u_one_ps_type(0_0_0)_ 0
     RHS c_u_one_ps_type(1_0_0)_ 0
     RHS c_u_one_ps_type(2_0_0)_ 0
     RHS c_u_one_ps_type(3_0_0)_ 0
     RHS c_u_used_w(0_0_0)_ 0
     RHS c_u_used_w(1_0_0)_ 0
     RHS c_u_used_w(2_0_0)_ 0
     RHS c_u_used_w(3_0_0)_ 0
     RHS c_u_colocated(0)_ 1
     RHS c_u_colocated(1)_ 1
     RHS c_u_colocated(2)_ 1
     RHS c_u_colocated(3)_ 1
     RHS c_u_used_p(0_0_0)_ 0
     RHS c_u_used_p(1_0_0)_ 0
     RHS c_u_used_p(2_0_0)_ 0
     RHS c_u_used_p(3_0_0)_ 0
     RHS c_l_one_ps(0)_ 1
     RHS c_l_one_ps(1)_ 1
     RHS c_l_one_ps(2)_ 1
     RHS c_l_one_ps(3)_ 1
     RHS c_u_ps_host(0_0_0)_ 0
     RHS c_u_ps_host(1_0_0)_ 0
     RHS c_u_ps_host(2_0_0)_ 0
     RHS c_u_ps_host(3_0_0)_ 0
     RHS c_l_ps_bandwidth(0_0)_ -1
     RHS c_l_ps_bandwidth(1_0)_ -1
     RHS c_l_ps_bandwidth(2_0)_ -1
     RHS c_l_ps_bandwidth(3_0)_ -1
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
     RHS c_e_running(2_1)_ 0
     RHS c_e_running(2_2)_ 0
     RHS c_e_running(2_3)_ 0
     RHS c_e_running(2_4)_ 0
     RHS c_e_running(2_5)_ 0
     RHS c_e_running(2_6)_ 0
     RHS c_e_running(2_7)_ 0
     RHS c_e_running(2_8)_ 0
     RHS c_e_running(2_9)_ 0
     RHS c_e_running(2_10)_ 0
     RHS c_e_running(3_1)_ 0
     RHS c_e_running(3_2)_ 0
     RHS c_e_running(3_3)_ 0
     RHS c_e_running(3_4)_ 0
     RHS c_e_running(3_5)_ 0
     RHS c_e_running(3_6)_ 0
     RHS c_e_running(3_7)_ 0
     RHS c_e_running(3_8)_ 0
     RHS c_e_running(3_9)_ 0
     RHS c_e_running(3_10)_ 0
     RHS c_u_load_cap(0_0_0)_ 1
     RHS c_u_load_cap(1_0_0)_ 1
     RHS c_u_load_cap(2_0_0)_ 1
     RHS c_u_load_cap(3_0_0)_ 1
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
     RHS c_u_load_link(2_0_0_1)_ 1
     RHS c_u_load_link(2_0_0_2)_ 1
     RHS c_u_load_link(2_0_0_3)_ 1
     RHS c_u_load_link(2_0_0_4)_ 1
     RHS c_u_load_link(2_0_0_5)_ 1
     RHS c_u_load_link(2_0_0_6)_ 1
     RHS c_u_load_link(2_0_0_7)_ 1
     RHS c_u_load_link(2_0_0_8)_ 1
     RHS c_u_load_link(2_0_0_9)_ 1
     RHS c_u_load_link(2_0_0_10)_ 1
     RHS c_u_load_link(3_0_0_1)_ 1
     RHS c_u_load_link(3_0_0_2)_ 1
     RHS c_u_load_link(3_0_0_3)_ 1
     RHS c_u_load_link(3_0_0_4)_ 1
     RHS c_u_load_link(3_0_0_5)_ 1
     RHS c_u_load_link(3_0_0_6)_ 1
     RHS c_u_load_link(3_0_0_7)_ 1
     RHS c_u_load_link(3_0_0_8)_ 1
     RHS c_u_load_link(3_0_0_9)_ 1
     RHS c_u_load_link(3_0_0_10)_ 1
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
BOUNDS
 BV BOUND X(0_0_1)
 BV BOUND X(0_0_2)
 BV BOUND X(0_0_3)
 BV BOUND X(0_0_4)
 BV BOUND X(0_0_5)
 BV BOUND X(0_0_6)
 BV BOUND X(0_0_7)
 BV BOUND X(0_0_8)
 BV BOUND X(0_1_1)
 BV BOUND X(0_1_2)
 BV BOUND X(0_1_3)
 BV BOUND X(0_1_4)
 BV BOUND X(0_1_5)
 BV BOUND X(0_1_6)
 BV BOUND X(0_1_7)
 BV BOUND X(0_1_8)
 BV BOUND X(1_0_1)
 BV BOUND X(1_0_2)
 BV BOUND X(1_0_3)
 BV BOUND X(1_0_4)
 BV BOUND X(1_0_5)
 BV BOUND X(1_0_6)
 BV BOUND X(1_0_7)
 BV BOUND X(1_0_8)
 BV BOUND X(1_0_9)
 BV BOUND X(1_0_10)
 BV BOUND X(1_1_1)
 BV BOUND X(1_1_2)
 BV BOUND X(1_1_3)
 BV BOUND X(1_1_4)
 BV BOUND X(1_1_5)
 BV BOUND X(1_1_6)
 BV BOUND X(1_1_7)
 BV BOUND X(1_1_8)
 BV BOUND X(1_1_9)
 BV BOUND X(1_1_10)
 BV BOUND X(2_0_1)
 BV BOUND X(2_0_2)
 BV BOUND X(2_0_3)
 BV BOUND X(2_0_4)
 BV BOUND X(2_0_5)
 BV BOUND X(2_0_6)
 BV BOUND X(2_0_7)
 BV BOUND X(2_0_8)
 BV BOUND X(2_0_9)
 BV BOUND X(2_1_1)
 BV BOUND X(2_1_2)
 BV BOUND X(2_1_3)
 BV BOUND X(2_1_4)
 BV BOUND X(2_1_5)
 BV BOUND X(2_1_6)
 BV BOUND X(2_1_7)
 BV BOUND X(2_1_8)
 BV BOUND X(2_1_9)
 BV BOUND X(3_0_1)
 BV BOUND X(3_0_2)
 BV BOUND X(3_0_3)
 BV BOUND X(3_0_4)
 BV BOUND X(3_0_5)
 BV BOUND X(3_0_6)
 BV BOUND X(3_0_7)
 BV BOUND X(3_1_1)
 BV BOUND X(3_1_2)
 BV BOUND X(3_1_3)
 BV BOUND X(3_1_4)
 BV BOUND X(3_1_5)
 BV BOUND X(3_1_6)
 BV BOUND X(3_1_7)
 LI BOUND Y(0_0_0) 0
 UI BOUND Y(0_0_0) 10E20
 LI BOUND Y(1_0_0) 0
 UI BOUND Y(1_0_0) 10E20
 LI BOUND Y(2_0_0) 0
 UI BOUND Y(2_0_0) 10E20
 LI BOUND Y(3_0_0) 0
 UI BOUND Y(3_0_0) 10E20
 BV BOUND o(0_0)
 BV BOUND o(1_0)
 BV BOUND o(2_0)
 BV BOUND o(3_0)
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
 LO BOUND Z(2_1) 0
 UP BOUND Z(2_1) 1
 LO BOUND Z(2_2) 0
 UP BOUND Z(2_2) 1
 LO BOUND Z(2_3) 0
 UP BOUND Z(2_3) 1
 LO BOUND Z(2_4) 0
 UP BOUND Z(2_4) 1
 LO BOUND Z(2_5) 0
 UP BOUND Z(2_5) 1
 LO BOUND Z(2_6) 0
 UP BOUND Z(2_6) 1
 LO BOUND Z(2_7) 0
 UP BOUND Z(2_7) 1
 LO BOUND Z(2_8) 0
 UP BOUND Z(2_8) 1
 LO BOUND Z(2_9) 0
 UP BOUND Z(2_9) 1
 LO BOUND Z(2_10) 0
 UP BOUND Z(2_10) 1
 LO BOUND Z(3_1) 0
 UP BOUND Z(3_1) 1
 LO BOUND Z(3_2) 0
 UP BOUND Z(3_2) 1
 LO BOUND Z(3_3) 0
 UP BOUND Z(3_3) 1
 LO BOUND Z(3_4) 0
 UP BOUND Z(3_4) 1
 LO BOUND Z(3_5) 0
 UP BOUND Z(3_5) 1
 LO BOUND Z(3_6) 0
 UP BOUND Z(3_6) 1
 LO BOUND Z(3_7) 0
 UP BOUND Z(3_7) 1
 LO BOUND Z(3_8) 0
 UP BOUND Z(3_8) 1
 LO BOUND Z(3_9) 0
 UP BOUND Z(3_9) 1
 LO BOUND Z(3_10) 0
 UP BOUND Z(3_10) 1
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
 LO BOUND V(2_0_0_1) 0
 LO BOUND V(2_0_0_2) 0
 LO BOUND V(2_0_0_3) 0
 LO BOUND V(2_0_0_4) 0
 LO BOUND V(2_0_0_5) 0
 LO BOUND V(2_0_0_6) 0
 LO BOUND V(2_0_0_7) 0
 LO BOUND V(2_0_0_8) 0
 LO BOUND V(2_0_0_9) 0
 LO BOUND V(2_0_0_10) 0
 LO BOUND V(3_0_0_1) 0
 LO BOUND V(3_0_0_2) 0
 LO BOUND V(3_0_0_3) 0
 LO BOUND V(3_0_0_4) 0
 LO BOUND V(3_0_0_5) 0
 LO BOUND V(3_0_0_6) 0
 LO BOUND V(3_0_0_7) 0
 LO BOUND V(3_0_0_8) 0
 LO BOUND V(3_0_0_9) 0
 LO BOUND V(3_0_0_10) 0
 LI BOUND S(0_0_0) 0
 UI BOUND S(0_0_0) 10E20
 LI BOUND S(1_0_0) 0
 UI BOUND S(1_0_0) 10E20
 LI BOUND S(2_0_0) 0
 UI BOUND S(2_0_0) 10E20
 LI BOUND S(3_0_0) 0
 UI BOUND S(3_0_0) 10E20
 BV BOUND g(0_0)
 BV BOUND g(1_0)
 BV BOUND g(2_0)
 BV BOUND g(3_0)
ENDATA
