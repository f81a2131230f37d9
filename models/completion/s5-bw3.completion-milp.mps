* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME completion-e1-s5-bw3
OBJSENSE
 MIN
ROWS
 N  obj
 E  c_e_start_once(0)_
 E  c_e_worker_count(0)_
 L  c_u_one_worker_type(0_0_0)_
 L  c_u_one_worker_type(0_1_0)_
 L  c_u_one_ps_type(0_0_0)_
 L  c_u_one_ps_type(0_1_0)_
 L  c_u_used_w(0_0_0)_
 L  c_u_used_w(0_1_0)_
 L  c_u_colocated(0)_
 L  c_u_used_p(0_0_0)_
 L  c_u_used_p(0_1_0)_
 G  c_l_one_ps(0)_
 L  c_u_ps_host(0_0_0)_
 L  c_u_ps_host(0_1_0)_
 L  c_u_ps_bandwidth(0_0)_
 L  c_u_ps_bandwidth(0_1)_
 E  c_e_running(0_1)_
 E  c_e_running(0_2)_
 E  c_e_running(0_3)_
 E  c_e_running(0_4)_
 E  c_e_running(0_5)_
 E  c_e_running(0_6)_
 E  c_e_running(0_7)_
 E  c_e_running(0_8)_
 L  c_u_load_cap(0_0_0)_
 L  c_u_load_cap(0_0_1)_
 L  c_u_load_cap(0_1_0)_
 L  c_u_load_cap(0_1_1)_
 L  c_u_load_link(0_0_0_1)_
 L  c_u_load_link(0_0_0_2)_
 L  c_u_load_link(0_0_0_3)_
 L  c_u_load_link(0_0_0_4)_
 L  c_u_load_link(0_0_0_5)_
 L  c_u_load_link(0_0_0_6)_
 L  c_u_load_link(0_0_0_7)_
 L  c_u_load_link(0_0_0_8)_
 L  c_u_load_link(0_0_1_1)_
 L  c_u_load_link(0_0_1_2)_
 L  c_u_load_link(0_0_1_3)_
 L  c_u_load_link(0_0_1_4)_
 L  c_u_load_link(0_0_1_5)_
 L  c_u_load_link(0_0_1_6)_
 L  c_u_load_link(0_0_1_7)_
 L  c_u_load_link(0_0_1_8)_
 L  c_u_load_link(0_1_0_1)_
 L  c_u_load_link(0_1_0_2)_
 L  c_u_load_link(0_1_0_3)_
 L  c_u_load_link(0_1_0_4)_
 L  c_u_load_link(0_1_0_5)_
 L  c_u_load_link(0_1_0_6)_
 L  c_u_load_link(0_1_0_7)_
 L  c_u_load_link(0_1_0_8)_
 L  c_u_load_link(0_1_1_1)_
 L  c_u_load_link(0_1_1_2)_
 L  c_u_load_link(0_1_1_3)_
 L  c_u_load_link(0_1_1_4)_
 L  c_u_load_link(0_1_1_5)_
 L  c_u_load_link(0_1_1_6)_
 L  c_u_load_link(0_1_1_7)_
 L  c_u_load_link(0_1_1_8)_
 L  c_u_capacity(0_0_1)_
 L  c_u_capacity(0_0_2)_
 L  c_u_capacity(0_0_3)_
 L  c_u_capacity(0_0_4)_
 L  c_u_capacity(0_0_5)_
 L  c_u_capacity(0_0_6)_
 L  c_u_capacity(0_0_7)_
 L  c_u_capacity(0_0_8)_
 L  c_u_capacity(0_1_1)_
 L  c_u_capacity(0_1_2)_
 L  c_u_capacity(0_1_3)_
 L  c_u_capacity(0_1_4)_
 L  c_u_capacity(0_1_5)_
 L  c_u_capacity(0_1_6)_
 L  c_u_capacity(0_1_7)_
 L  c_u_capacity(0_1_8)_
 L  c_u_capacity(1_0_1)_
 L  c_u_capacity(1_0_2)_
 L  c_u_capacity(1_0_3)_
 L  c_u_capacity(1_0_4)_
 L  c_u_capacity(1_0_5)_
 L  c_u_capacity(1_0_6)_
 L  c_u_capacity(1_0_7)_
 L  c_u_capacity(1_0_8)_
 L  c_u_capacity(1_1_1)_
 L  c_u_capacity(1_1_2)_
 L  c_u_capacity(1_1_3)_
 L  c_u_capacity(1_1_4)_
 L  c_u_capacity(1_1_5)_
 L  c_u_capacity(1_1_6)_
 L  c_u_capacity(1_1_7)_
 L  c_u_capacity(1_1_8)_
 L  c_u_aggregate(0_1)_
 L  c_u_aggregate(0_2)_
 L  c_u_aggregate(0_3)_
 L  c_u_aggregate(0_4)_
 L  c_u_aggregate(0_5)_
 L  c_u_aggregate(0_6)_
 L  c_u_aggregate(0_7)_
 L  c_u_aggregate(0_8)_
 L  c_u_aggregate(1_1)_
 L  c_u_aggregate(1_2)_
 L  c_u_aggregate(1_3)_
 L  c_u_aggregate(1_4)_
 L  c_u_aggregate(1_5)_
 L  c_u_aggregate(1_6)_
 L  c_u_aggregate(1_7)_
 L  c_u_aggregate(1_8)_
COLUMNS
     X(0_0_1) obj 9
     X(0_0_1) c_e_start_once(0)_ 1
     X(0_0_1) c_e_worker_count(0)_ -1
     X(0_0_1) c_u_one_worker_type(0_0_0)_ -4
     X(0_0_1) c_u_one_worker_type(0_1_0)_ -4
     X(0_0_1) c_u_one_ps_type(0_0_0)_ -4
     X(0_0_1) c_u_one_ps_type(0_1_0)_ -4
     X(0_0_1) c_u_colocated(0)_ 1
     X(0_0_1) c_e_running(0_1)_ -1
     X(0_0_1) c_e_running(0_2)_ -1
     X(0_0_1) c_e_running(0_3)_ -1
     X(0_0_1) c_e_running(0_4)_ -1
     X(0_0_1) c_e_running(0_5)_ -1
     X(0_0_1) c_e_running(0_6)_ -1
     X(0_0_1) c_e_running(0_7)_ -1
     X(0_0_1) c_e_running(0_8)_ -1
     X(0_0_1) c_u_aggregate(0_1)_ 1
     X(0_0_1) c_u_aggregate(0_2)_ 1
     X(0_0_1) c_u_aggregate(0_3)_ 1
     X(0_0_1) c_u_aggregate(0_4)_ 1
     X(0_0_1) c_u_aggregate(0_5)_ 1
     X(0_0_1) c_u_aggregate(0_6)_ 1
     X(0_0_1) c_u_aggregate(0_7)_ 1
     X(0_0_1) c_u_aggregate(0_8)_ 1
     X(0_0_1) c_u_aggregate(1_1)_ 2
     X(0_0_1) c_u_aggregate(1_2)_ 2
     X(0_0_1) c_u_aggregate(1_3)_ 2
     X(0_0_1) c_u_aggregate(1_4)_ 2
     X(0_0_1) c_u_aggregate(1_5)_ 2
     X(0_0_1) c_u_aggregate(1_6)_ 2
     X(0_0_1) c_u_aggregate(1_7)_ 2
     X(0_0_1) c_u_aggregate(1_8)_ 2
     X(0_1_1) obj 5
     X(0_1_1) c_e_start_once(0)_ 1
     X(0_1_1) c_e_worker_count(0)_ -2
     X(0_1_1) c_u_one_worker_type(0_0_0)_ -4
     X(0_1_1) c_u_one_worker_type(0_1_0)_ -4
     X(0_1_1) c_u_one_ps_type(0_0_0)_ -4
     X(0_1_1) c_u_one_ps_type(0_1_0)_ -4
     X(0_1_1) c_u_colocated(0)_ 1
     X(0_1_1) c_e_running(0_1)_ -1
     X(0_1_1) c_e_running(0_2)_ -1
     X(0_1_1) c_e_running(0_3)_ -1
     X(0_1_1) c_e_running(0_4)_ -1
     X(0_1_1) c_u_aggregate(0_1)_ 2
     X(0_1_1) c_u_aggregate(0_2)_ 2
     X(0_1_1) c_u_aggregate(0_3)_ 2
     X(0_1_1) c_u_aggregate(0_4)_ 2
     X(0_1_1) c_u_aggregate(1_1)_ 3
     X(0_1_1) c_u_aggregate(1_2)_ 3
     X(0_1_1) c_u_aggregate(1_3)_ 3
     X(0_1_1) c_u_aggregate(1_4)_ 3
     X(0_1_2) obj 6
     X(0_1_2) c_e_start_once(0)_ 1
     X(0_1_2) c_e_worker_count(0)_ -2
     X(0_1_2) c_u_one_worker_type(0_0_0)_ -4
     X(0_1_2) c_u_one_worker_type(0_1_0)_ -4
     X(0_1_2) c_u_one_ps_type(0_0_0)_ -4
     X(0_1_2) c_u_one_ps_type(0_1_0)_ -4
     X(0_1_2) c_u_colocated(0)_ 1
     X(0_1_2) c_e_running(0_2)_ -1
     X(0_1_2) c_e_running(0_3)_ -1
     X(0_1_2) c_e_running(0_4)_ -1
     X(0_1_2) c_e_running(0_5)_ -1
     X(0_1_2) c_u_aggregate(0_2)_ 2
     X(0_1_2) c_u_aggregate(0_3)_ 2
     X(0_1_2) c_u_aggregate(0_4)_ 2
     X(0_1_2) c_u_aggregate(0_5)_ 2
     X(0_1_2) c_u_aggregate(1_2)_ 3
     X(0_1_2) c_u_aggregate(1_3)_ 3
     X(0_1_2) c_u_aggregate(1_4)_ 3
     X(0_1_2) c_u_aggregate(1_5)_ 3
     X(0_1_3) obj 7
     X(0_1_3) c_e_start_once(0)_ 1
     X(0_1_3) c_e_worker_count(0)_ -2
     X(0_1_3) c_u_one_worker_type(0_0_0)_ -4
     X(0_1_3) c_u_one_worker_type(0_1_0)_ -4
     X(0_1_3) c_u_one_ps_type(0_0_0)_ -4
     X(0_1_3) c_u_one_ps_type(0_1_0)_ -4
     X(0_1_3) c_u_colocated(0)_ 1
     X(0_1_3) c_e_running(0_3)_ -1
     X(0_1_3) c_e_running(0_4)_ -1
     X(0_1_3) c_e_running(0_5)_ -1
     X(0_1_3) c_e_running(0_6)_ -1
     X(0_1_3) c_u_aggregate(0_3)_ 2
     X(0_1_3) c_u_aggregate(0_4)_ 2
     X(0_1_3) c_u_aggregate(0_5)_ 2
     X(0_1_3) c_u_aggregate(0_6)_ 2
     X(0_1_3) c_u_aggregate(1_3)_ 3
     X(0_1_3) c_u_aggregate(1_4)_ 3
     X(0_1_3) c_u_aggregate(1_5)_ 3
     X(0_1_3) c_u_aggregate(1_6)_ 3
     X(0_1_4) obj 8
     X(0_1_4) c_e_start_once(0)_ 1
     X(0_1_4) c_e_worker_count(0)_ -2
     X(0_1_4) c_u_one_worker_type(0_0_0)_ -4
     X(0_1_4) c_u_one_worker_type(0_1_0)_ -4
     X(0_1_4) c_u_one_ps_type(0_0_0)_ -4
     X(0_1_4) c_u_one_ps_type(0_1_0)_ -4
     X(0_1_4) c_u_colocated(0)_ 1
     X(0_1_4) c_e_running(0_4)_ -1
     X(0_1_4) c_e_running(0_5)_ -1
     X(0_1_4) c_e_running(0_6)_ -1
     X(0_1_4) c_e_running(0_7)_ -1
     X(0_1_4) c_u_aggregate(0_4)_ 2
     X(0_1_4) c_u_aggregate(0_5)_ 2
     X(0_1_4) c_u_aggregate(0_6)_ 2
     X(0_1_4) c_u_aggregate(0_7)_ 2
     X(0_1_4) c_u_aggregate(1_4)_ 3
     X(0_1_4) c_u_aggregate(1_5)_ 3
     X(0_1_4) c_u_aggregate(1_6)_ 3
     X(0_1_4) c_u_aggregate(1_7)_ 3
     X(0_1_5) obj 9
     X(0_1_5) c_e_start_once(0)_ 1
     X(0_1_5) c_e_worker_count(0)_ -2
     X(0_1_5) c_u_one_worker_type(0_0_0)_ -4
     X(0_1_5) c_u_one_worker_type(0_1_0)_ -4
     X(0_1_5) c_u_one_ps_type(0_0_0)_ -4
     X(0_1_5) c_u_one_ps_type(0_1_0)_ -4
     X(0_1_5) c_u_colocated(0)_ 1
     X(0_1_5) c_e_running(0_5)_ -1
     X(0_1_5) c_e_running(0_6)_ -1
     X(0_1_5) c_e_running(0_7)_ -1
     X(0_1_5) c_e_running(0_8)_ -1
     X(0_1_5) c_u_aggregate(0_5)_ 2
     X(0_1_5) c_u_aggregate(0_6)_ 2
     X(0_1_5) c_u_aggregate(0_7)_ 2
     X(0_1_5) c_u_aggregate(0_8)_ 2
     X(0_1_5) c_u_aggregate(1_5)_ 3
     X(0_1_5) c_u_aggregate(1_6)_ 3
     X(0_1_5) c_u_aggregate(1_7)_ 3
     X(0_1_5) c_u_aggregate(1_8)_ 3
     X(0_3_1) obj 7
     X(0_3_1) c_e_start_once(0)_ 1
     X(0_3_1) c_e_worker_count(0)_ -2
     X(0_3_1) c_u_one_worker_type(0_0_0)_ -4
     X(0_3_1) c_u_one_worker_type(0_1_0)_ -4
     X(0_3_1) c_u_one_ps_type(0_0_0)_ -4
     X(0_3_1) c_u_one_ps_type(0_1_0)_ -4
     X(0_3_1) c_e_running(0_1)_ -1
     X(0_3_1) c_e_running(0_2)_ -1
     X(0_3_1) c_e_running(0_3)_ -1
     X(0_3_1) c_e_running(0_4)_ -1
     X(0_3_1) c_e_running(0_5)_ -1
     X(0_3_1) c_e_running(0_6)_ -1
     X(0_3_1) c_u_aggregate(0_1)_ 2
     X(0_3_1) c_u_aggregate(0_2)_ 2
     X(0_3_1) c_u_aggregate(0_3)_ 2
     X(0_3_1) c_u_aggregate(0_4)_ 2
     X(0_3_1) c_u_aggregate(0_5)_ 2
     X(0_3_1) c_u_aggregate(0_6)_ 2
     X(0_3_1) c_u_aggregate(1_1)_ 3
     X(0_3_1) c_u_aggregate(1_2)_ 3
     X(0_3_1) c_u_aggregate(1_3)_ 3
     X(0_3_1) c_u_aggregate(1_4)_ 3
     X(0_3_1) c_u_aggregate(1_5)_ 3
     X(0_3_1) c_u_aggregate(1_6)_ 3
     X(0_3_2) obj 8
     X(0_3_2) c_e_start_once(0)_ 1
     X(0_3_2) c_e_worker_count(0)_ -2
     X(0_3_2) c_u_one_worker_type(0_0_0)_ -4
     X(0_3_2) c_u_one_worker_type(0_1_0)_ -4
     X(0_3_2) c_u_one_ps_type(0_0_0)_ -4
     X(0_3_2) c_u_one_ps_type(0_1_0)_ -4
     X(0_3_2) c_e_running(0_2)_ -1
     X(0_3_2) c_e_running(0_3)_ -1
     X(0_3_2) c_e_running(0_4)_ -1
     X(0_3_2) c_e_running(0_5)_ -1
     X(0_3_2) c_e_running(0_6)_ -1
     X(0_3_2) c_e_running(0_7)_ -1
     X(0_3_2) c_u_aggregate(0_2)_ 2
     X(0_3_2) c_u_aggregate(0_3)_ 2
     X(0_3_2) c_u_aggregate(0_4)_ 2
     X(0_3_2) c_u_aggregate(0_5)_ 2
     X(0_3_2) c_u_aggregate(0_6)_ 2
     X(0_3_2) c_u_aggregate(0_7)_ 2
     X(0_3_2) c_u_aggregate(1_2)_ 3
     X(0_3_2) c_u_aggregate(1_3)_ 3
     X(0_3_2) c_u_aggregate(1_4)_ 3
     X(0_3_2) c_u_aggregate(1_5)_ 3
     X(0_3_2) c_u_aggregate(1_6)_ 3
     X(0_3_2) c_u_aggregate(1_7)_ 3
     X(0_3_3) obj 9
     X(0_3_3) c_e_start_once(0)_ 1
     X(0_3_3) c_e_worker_count(0)_ -2
     X(0_3_3) c_u_one_worker_type(0_0_0)_ -4
     X(0_3_3) c_u_one_worker_type(0_1_0)_ -4
     X(0_3_3) c_u_one_ps_type(0_0_0)_ -4
     X(0_3_3) c_u_one_ps_type(0_1_0)_ -4
     X(0_3_3) c_e_running(0_3)_ -1
     X(0_3_3) c_e_running(0_4)_ -1
     X(0_3_3) c_e_running(0_5)_ -1
     X(0_3_3) c_e_running(0_6)_ -1
     X(0_3_3) c_e_running(0_7)_ -1
     X(0_3_3) c_e_running(0_8)_ -1
     X(0_3_3) c_u_aggregate(0_3)_ 2
     X(0_3_3) c_u_aggregate(0_4)_ 2
     X(0_3_3) c_u_aggregate(0_5)_ 2
     X(0_3_3) c_u_aggregate(0_6)_ 2
     X(0_3_3) c_u_aggregate(0_7)_ 2
     X(0_3_3) c_u_aggregate(0_8)_ 2
     X(0_3_3) c_u_aggregate(1_3)_ 3
     X(0_3_3) c_u_aggregate(1_4)_ 3
     X(0_3_3) c_u_aggregate(1_5)_ 3
     X(0_3_3) c_u_aggregate(1_6)_ 3
     X(0_3_3) c_u_aggregate(1_7)_ 3
     X(0_3_3) c_u_aggregate(1_8)_ 3
     X(0_4_1) obj 5
     X(0_4_1) c_e_start_once(0)_ 1
     X(0_4_1) c_e_worker_count(0)_ -3
     X(0_4_1) c_u_one_worker_type(0_0_0)_ -4
     X(0_4_1) c_u_one_worker_type(0_1_0)_ -4
     X(0_4_1) c_u_one_ps_type(0_0_0)_ -4
     X(0_4_1) c_u_one_ps_type(0_1_0)_ -4
     X(0_4_1) c_e_running(0_1)_ -1
     X(0_4_1) c_e_running(0_2)_ -1
     X(0_4_1) c_e_running(0_3)_ -1
     X(0_4_1) c_e_running(0_4)_ -1
     X(0_4_1) c_u_aggregate(0_1)_ 3
     X(0_4_1) c_u_aggregate(0_2)_ 3
     X(0_4_1) c_u_aggregate(0_3)_ 3
     X(0_4_1) c_u_aggregate(0_4)_ 3
     X(0_4_1) c_u_aggregate(1_1)_ 4
     X(0_4_1) c_u_aggregate(1_2)_ 4
     X(0_4_1) c_u_aggregate(1_3)_ 4
     X(0_4_1) c_u_aggregate(1_4)_ 4
     X(0_4_2) obj 6
     X(0_4_2) c_e_start_once(0)_ 1
     X(0_4_2) c_e_worker_count(0)_ -3
     X(0_4_2) c_u_one_worker_type(0_0_0)_ -4
     X(0_4_2) c_u_one_worker_type(0_1_0)_ -4
     X(0_4_2) c_u_one_ps_type(0_0_0)_ -4
     X(0_4_2) c_u_one_ps_type(0_1_0)_ -4
     X(0_4_2) c_e_running(0_2)_ -1
     X(0_4_2) c_e_running(0_3)_ -1
     X(0_4_2) c_e_running(0_4)_ -1
     X(0_4_2) c_e_running(0_5)_ -1
     X(0_4_2) c_u_aggregate(0_2)_ 3
     X(0_4_2) c_u_aggregate(0_3)_ 3
     X(0_4_2) c_u_aggregate(0_4)_ 3
     X(0_4_2) c_u_aggregate(0_5)_ 3
     X(0_4_2) c_u_aggregate(1_2)_ 4
     X(0_4_2) c_u_aggregate(1_3)_ 4
     X(0_4_2) c_u_aggregate(1_4)_ 4
     X(0_4_2) c_u_aggregate(1_5)_ 4
     X(0_4_3) obj 7
     X(0_4_3) c_e_start_once(0)_ 1
     X(0_4_3) c_e_worker_count(0)_ -3
     X(0_4_3) c_u_one_worker_type(0_0_0)_ -4
     X(0_4_3) c_u_one_worker_type(0_1_0)_ -4
     X(0_4_3) c_u_one_ps_type(0_0_0)_ -4
     X(0_4_3) c_u_one_ps_type(0_1_0)_ -4
     X(0_4_3) c_e_running(0_3)_ -1
     X(0_4_3) c_e_running(0_4)_ -1
     X(0_4_3) c_e_running(0_5)_ -1
     X(0_4_3) c_e_running(0_6)_ -1
     X(0_4_3) c_u_aggregate(0_3)_ 3
     X(0_4_3) c_u_aggregate(0_4)_ 3
     X(0_4_3) c_u_aggregate(0_5)_ 3
     X(0_4_3) c_u_aggregate(0_6)_ 3
     X(0_4_3) c_u_aggregate(1_3)_ 4
     X(0_4_3) c_u_aggregate(1_4)_ 4
     X(0_4_3) c_u_aggregate(1_5)_ 4
     X(0_4_3) c_u_aggregate(1_6)_ 4
     X(0_4_4) obj 8
     X(0_4_4) c_e_start_once(0)_ 1
     X(0_4_4) c_e_worker_count(0)_ -3
     X(0_4_4) c_u_one_worker_type(0_0_0)_ -4
     X(0_4_4) c_u_one_worker_type(0_1_0)_ -4
     X(0_4_4) c_u_one_ps_type(0_0_0)_ -4
     X(0_4_4) c_u_one_ps_type(0_1_0)_ -4
     X(0_4_4) c_e_running(0_4)_ -1
     X(0_4_4) c_e_running(0_5)_ -1
     X(0_4_4) c_e_running(0_6)_ -1
     X(0_4_4) c_e_running(0_7)_ -1
     X(0_4_4) c_u_aggregate(0_4)_ 3
     X(0_4_4) c_u_aggregate(0_5)_ 3
     X(0_4_4) c_u_aggregate(0_6)_ 3
     X(0_4_4) c_u_aggregate(0_7)_ 3
     X(0_4_4) c_u_aggregate(1_4)_ 4
     X(0_4_4) c_u_aggregate(1_5)_ 4
     X(0_4_4) c_u_aggregate(1_6)_ 4
     X(0_4_4) c_u_aggregate(1_7)_ 4
     X(0_4_5) obj 9
     X(0_4_5) c_e_start_once(0)_ 1
     X(0_4_5) c_e_worker_count(0)_ -3
     X(0_4_5) c_u_one_worker_type(0_0_0)_ -4
     X(0_4_5) c_u_one_worker_type(0_1_0)_ -4
     X(0_4_5) c_u_one_ps_type(0_0_0)_ -4
     X(0_4_5) c_u_one_ps_type(0_1_0)_ -4
     X(0_4_5) c_e_running(0_5)_ -1
     X(0_4_5) c_e_running(0_6)_ -1
     X(0_4_5) c_e_running(0_7)_ -1
     X(0_4_5) c_e_running(0_8)_ -1
     X(0_4_5) c_u_aggregate(0_5)_ 3
     X(0_4_5) c_u_aggregate(0_6)_ 3
     X(0_4_5) c_u_aggregate(0_7)_ 3
     X(0_4_5) c_u_aggregate(0_8)_ 3
     X(0_4_5) c_u_aggregate(1_5)_ 4
     X(0_4_5) c_u_aggregate(1_6)_ 4
     X(0_4_5) c_u_aggregate(1_7)_ 4
     X(0_4_5) c_u_aggregate(1_8)_ 4
     Y(0_0_0) c_e_worker_count(0)_ 1
     Y(0_0_0) c_u_one_worker_type(0_0_0)_ 1
     Y(0_0_0) c_u_used_w(0_0_0)_ 1
     Y(0_0_0) c_u_ps_bandwidth(0_1)_ 1
     Y(0_0_0) c_u_load_cap(0_0_0)_ 1
     Y(0_0_0) c_u_load_cap(0_0_1)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_1)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_2)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_3)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_4)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_5)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_6)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_7)_ 1
     Y(0_0_0) c_u_load_link(0_0_0_8)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_1)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_2)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_3)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_4)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_5)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_6)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_7)_ 1
     Y(0_0_0) c_u_load_link(0_0_1_8)_ 1
     Y(0_1_0) c_e_worker_count(0)_ 1
     Y(0_1_0) c_u_one_worker_type(0_1_0)_ 1
     Y(0_1_0) c_u_used_w(0_1_0)_ 1
     Y(0_1_0) c_u_ps_bandwidth(0_0)_ 1
     Y(0_1_0) c_u_load_cap(0_1_0)_ 1
     Y(0_1_0) c_u_load_cap(0_1_1)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_1)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_2)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_3)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_4)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_5)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_6)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_7)_ 1
     Y(0_1_0) c_u_load_link(0_1_0_8)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_1)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_2)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_3)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_4)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_5)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_6)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_7)_ 1
     Y(0_1_0) c_u_load_link(0_1_1_8)_ 1
     o(0_0) c_u_used_w(0_0_0)_ -4
     o(0_0) c_u_colocated(0)_ 1
     o(0_0) c_u_used_p(0_0_0)_ -4
     o(0_1) c_u_used_w(0_1_0)_ -4
     o(0_1) c_u_colocated(0)_ 1
     o(0_1) c_u_used_p(0_1_0)_ -4
     Z(0_1) c_e_running(0_1)_ 1
     Z(0_1) c_u_load_link(0_0_0_1)_ 2
     Z(0_1) c_u_load_link(0_0_1_1)_ 3
     Z(0_1) c_u_load_link(0_1_0_1)_ 2
     Z(0_1) c_u_load_link(0_1_1_1)_ 3
     Z(0_2) c_e_running(0_2)_ 1
     Z(0_2) c_u_load_link(0_0_0_2)_ 2
     Z(0_2) c_u_load_link(0_0_1_2)_ 3
     Z(0_2) c_u_load_link(0_1_0_2)_ 2
     Z(0_2) c_u_load_link(0_1_1_2)_ 3
     Z(0_3) c_e_running(0_3)_ 1
     Z(0_3) c_u_load_link(0_0_0_3)_ 2
     Z(0_3) c_u_load_link(0_0_1_3)_ 3
     Z(0_3) c_u_load_link(0_1_0_3)_ 2
     Z(0_3) c_u_load_link(0_1_1_3)_ 3
     Z(0_4) c_e_running(0_4)_ 1
     Z(0_4) c_u_load_link(0_0_0_4)_ 2
     Z(0_4) c_u_load_link(0_0_1_4)_ 3
     Z(0_4) c_u_load_link(0_1_0_4)_ 2
     Z(0_4) c_u_load_link(0_1_1_4)_ 3
     Z(0_5) c_e_running(0_5)_ 1
     Z(0_5) c_u_load_link(0_0_0_5)_ 2
     Z(0_5) c_u_load_link(0_0_1_5)_ 3
     Z(0_5) c_u_load_link(0_1_0_5)_ 2
     Z(0_5) c_u_load_link(0_1_1_5)_ 3
     Z(0_6) c_e_running(0_6)_ 1
     Z(0_6) c_u_load_link(0_0_0_6)_ 2
     Z(0_6) c_u_load_link(0_0_1_6)_ 3
     Z(0_6) c_u_load_link(0_1_0_6)_ 2
     Z(0_6) c_u_load_link(0_1_1_6)_ 3
     Z(0_7) c_e_running(0_7)_ 1
     Z(0_7) c_u_load_link(0_0_0_7)_ 2
     Z(0_7) c_u_load_link(0_0_1_7)_ 3
     Z(0_7) c_u_load_link(0_1_0_7)_ 2
     Z(0_7) c_u_load_link(0_1_1_7)_ 3
     Z(0_8) c_e_running(0_8)_ 1
     Z(0_8) c_u_load_link(0_0_0_8)_ 2
     Z(0_8) c_u_load_link(0_0_1_8)_ 3
     Z(0_8) c_u_load_link(0_1_0_8)_ 2
     Z(0_8) c_u_load_link(0_1_1_8)_ 3
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
     V(0_0_1_1) c_u_load_link(0_0_1_1)_ -1
     V(0_0_1_1) c_u_capacity(0_1_1)_ 1
     V(0_0_1_2) c_u_load_link(0_0_1_2)_ -1
     V(0_0_1_2) c_u_capacity(0_1_2)_ 1
     V(0_0_1_3) c_u_load_link(0_0_1_3)_ -1
     V(0_0_1_3) c_u_capacity(0_1_3)_ 1
     V(0_0_1_4) c_u_load_link(0_0_1_4)_ -1
     V(0_0_1_4) c_u_capacity(0_1_4)_ 1
     V(0_0_1_5) c_u_load_link(0_0_1_5)_ -1
     V(0_0_1_5) c_u_capacity(0_1_5)_ 1
     V(0_0_1_6) c_u_load_link(0_0_1_6)_ -1
     V(0_0_1_6) c_u_capacity(0_1_6)_ 1
     V(0_0_1_7) c_u_load_link(0_0_1_7)_ -1
     V(0_0_1_7) c_u_capacity(0_1_7)_ 1
     V(0_0_1_8) c_u_load_link(0_0_1_8)_ -1
     V(0_0_1_8) c_u_capacity(0_1_8)_ 1
     V(0_1_0_1) c_u_load_link(0_1_0_1)_ -1
     V(0_1_0_1) c_u_capacity(1_0_1)_ 1
     V(0_1_0_2) c_u_load_link(0_1_0_2)_ -1
     V(0_1_0_2) c_u_capacity(1_0_2)_ 1
     V(0_1_0_3) c_u_load_link(0_1_0_3)_ -1
     V(0_1_0_3) c_u_capacity(1_0_3)_ 1
     V(0_1_0_4) c_u_load_link(0_1_0_4)_ -1
     V(0_1_0_4) c_u_capacity(1_0_4)_ 1
     V(0_1_0_5) c_u_load_link(0_1_0_5)_ -1
     V(0_1_0_5) c_u_capacity(1_0_5)_ 1
     V(0_1_0_6) c_u_load_link(0_1_0_6)_ -1
     V(0_1_0_6) c_u_capacity(1_0_6)_ 1
     V(0_1_0_7) c_u_load_link(0_1_0_7)_ -1
     V(0_1_0_7) c_u_capacity(1_0_7)_ 1
     V(0_1_0_8) c_u_load_link(0_1_0_8)_ -1
     V(0_1_0_8) c_u_capacity(1_0_8)_ 1
     V(0_1_1_1) c_u_load_link(0_1_1_1)_ -1
     V(0_1_1_1) c_u_capacity(1_1_1)_ 1
     V(0_1_1_2) c_u_load_link(0_1_1_2)_ -1
     V(0_1_1_2) c_u_capacity(1_1_2)_ 1
     V(0_1_1_3) c_u_load_link(0_1_1_3)_ -1
     V(0_1_1_3) c_u_capacity(1_1_3)_ 1
     V(0_1_1_4) c_u_load_link(0_1_1_4)_ -1
     V(0_1_1_4) c_u_capacity(1_1_4)_ 1
     V(0_1_1_5) c_u_load_link(0_1_1_5)_ -1
     V(0_1_1_5) c_u_capacity(1_1_5)_ 1
     V(0_1_1_6) c_u_load_link(0_1_1_6)_ -1
     V(0_1_1_6) c_u_capacity(1_1_6)_ 1
     V(0_1_1_7) c_u_load_link(0_1_1_7)_ -1
     V(0_1_1_7) c_u_capacity(1_1_7)_ 1
     V(0_1_1_8) c_u_load_link(0_1_1_8)_ -1
     V(0_1_1_8) c_u_capacity(1_1_8)_ 1
     S(0_0_0) c_u_one_ps_type(0_0_0)_ 1
     S(0_0_0) c_u_used_p(0_0_0)_ 1
     S(0_0_0) c_l_one_ps(0)_ 1
     S(0_0_0) c_u_ps_host(0_0_0)_ 1
     S(0_0_0) c_u_ps_bandwidth(0_0)_ -1
     S(0_0_0) c_u_load_cap(0_0_1)_ 1
     S(0_0_0) c_u_load_link(0_0_1_1)_ 1
     S(0_0_0) c_u_load_link(0_0_1_2)_ 1
     S(0_0_0) c_u_load_link(0_0_1_3)_ 1
     S(0_0_0) c_u_load_link(0_0_1_4)_ 1
     S(0_0_0) c_u_load_link(0_0_1_5)_ 1
     S(0_0_0) c_u_load_link(0_0_1_6)_ 1
     S(0_0_0) c_u_load_link(0_0_1_7)_ 1
     S(0_0_0) c_u_load_link(0_0_1_8)_ 1
     S(0_1_0) c_u_one_ps_type(0_1_0)_ 1
     S(0_1_0) c_u_used_p(0_1_0)_ 1
     S(0_1_0) c_l_one_ps(0)_ 1
     S(0_1_0) c_u_ps_host(0_1_0)_ 1
     S(0_1_0) c_u_ps_bandwidth(0_1)_ -1
     S(0_1_0) c_u_load_cap(0_1_1)_ 1
     S(0_1_0) c_u_load_link(0_1_1_1)_ 1
     S(0_1_0) c_u_load_link(0_1_1_2)_ 1
     S(0_1_0) c_u_load_link(0_1_1_3)_ 1
     S(0_1_0) c_u_load_link(0_1_1_4)_ 1
     S(0_1_0) c_u_load_link(0_1_1_5)_ 1
     S(0_1_0) c_u_load_link(0_1_1_6)_ 1
     S(0_1_0) c_u_load_link(0_1_1_7)_ 1
     S(0_1_0) c_u_load_link(0_1_1_8)_ 1
     g(0_0) c_u_ps_host(0_0_0)_ -4
     g(0_0) c_u_ps_bandwidth(0_0)_ 4
     g(0_1) c_u_ps_host(0_1_0)_ -4
     g(0_1) c_u_ps_bandwidth(0_1)_ 4
RHS
     RHS c_e_start_once(0)_ 1
     RHS c_e_worker_count(0)_ 0
     RHS c_u_one_worker_type(0_0_0)_ 0
     RHS c_u_one_worker_type(0_1_0)_ 0
     RHS c_u_one_ps_type(0_0_0)_ 0
     RHS c_u_one_ps_type(0_1_0)_ 0
     RHS c_u_used_w(0_0_0)_ 0
     RHS c_u_used_w(0_1_0)_ 0
     RHS c_u_colocated(0)_ 2
     RHS c_u_used_p(0_0_0)_ 0
     RHS c_u_used_p(0_1_0)_ 0
     RHS c_l_one_ps(0)_ 1
     RHS c_u_ps_host(0_0_0)_ 0
     RHS c_u_ps_host(0_1_0)_ 0
     RHS c_u_ps_bandwidth(0_0)_ 4
     RHS c_u_ps_bandwidth(0_1)_ 4
     RHS c_e_running(0_1)_ 0
     RHS c_e_running(0_2)_ 0
     RHS c_e_running(0_3)_ 0
     RHS c_e_running(0_4)_ 0
     RHS c_e_running(0_5)_ 0
     RHS c_e_running(0_6)_ 0
     RHS c_e_running(0_7)_ 0
     RHS c_e_running(0_8)_ 0
     RHS c_u_load_cap(0_0_0)_ 2
     RHS c_u_load_cap(0_0_1)_ 3
     RHS c_u_load_cap(0_1_0)_ 2
     RHS c_u_load_cap(0_1_1)_ 3
     RHS c_u_load_link(0_0_0_1)_ 2
     RHS c_u_load_link(0_0_0_2)_ 2
     RHS c_u_load_link(0_0_0_3)_ 2
     RHS c_u_load_link(0_0_0_4)_ 2
     RHS c_u_load_link(0_0_0_5)_ 2
     RHS c_u_load_link(0_0_0_6)_ 2
     RHS c_u_load_link(0_0_0_7)_ 2
     RHS c_u_load_link(0_0_0_8)_ 2
     RHS c_u_load_link(0_0_1_1)_ 3
     RHS c_u_load_link(0_0_1_2)_ 3
     RHS c_u_load_link(0_0_1_3)_ 3
     RHS c_u_load_link(0_0_1_4)_ 3
     RHS c_u_load_link(0_0_1_5)_ 3
     RHS c_u_load_link(0_0_1_6)_ 3
     RHS c_u_load_link(0_0_1_7)_ 3
     RHS c_u_load_link(0_0_1_8)_ 3
     RHS c_u_load_link(0_1_0_1)_ 2
     RHS c_u_load_link(0_1_0_2)_ 2
     RHS c_u_load_link(0_1_0_3)_ 2
     RHS c_u_load_link(0_1_0_4)_ 2
     RHS c_u_load_link(0_1_0_5)_ 2
     RHS c_u_load_link(0_1_0_6)_ 2
     RHS c_u_load_link(0_1_0_7)_ 2
     RHS c_u_load_link(0_1_0_8)_ 2
     RHS c_u_load_link(0_1_1_1)_ 3
     RHS c_u_load_link(0_1_1_2)_ 3
     RHS c_u_load_link(0_1_1_3)_ 3
     RHS c_u_load_link(0_1_1_4)_ 3
     RHS c_u_load_link(0_1_1_5)_ 3
     RHS c_u_load_link(0_1_1_6)_ 3
     RHS c_u_load_link(0_1_1_7)_ 3
     RHS c_u_load_link(0_1_1_8)_ 3
     RHS c_u_capacity(0_0_1)_ 2
     RHS c_u_capacity(0_0_2)_ 2
     RHS c_u_capacity(0_0_3)_ 2
     RHS c_u_capacity(0_0_4)_ 2
     RHS c_u_capacity(0_0_5)_ 2
     RHS c_u_capacity(0_0_6)_ 2
     RHS c_u_capacity(0_0_7)_ 2
     RHS c_u_capacity(0_0_8)_ 2
     RHS c_u_capacity(0_1_1)_ 3
     RHS c_u_capacity(0_1_2)_ 3
     RHS c_u_capacity(0_1_3)_ 3
     RHS c_u_capacity(0_1_4)_ 3
     RHS c_u_capacity(0_1_5)_ 3
     RHS c_u_capacity(0_1_6)_ 3
     RHS c_u_capacity(0_1_7)_ 3
     RHS c_u_capacity(0_1_8)_ 3
     RHS c_u_capacity(1_0_1)_ 2
     RHS c_u_capacity(1_0_2)_ 2
     RHS c_u_capacity(1_0_3)_ 2
     RHS c_u_capacity(1_0_4)_ 2
     RHS c_u_capacity(1_0_5)_ 2
     RHS c_u_capacity(1_0_6)_ 2
     RHS c_u_capacity(1_0_7)_ 2
     RHS c_u_capacity(1_0_8)_ 2
     RHS c_u_capacity(1_1_1)_ 3
     RHS c_u_capacity(1_1_2)_ 3
     RHS c_u_capacity(1_1_3)_ 3
     RHS c_u_capacity(1_1_4)_ 3
     RHS c_u_capacity(1_1_5)_ 3
     RHS c_u_capacity(1_1_6)_ 3
     RHS c_u_capacity(1_1_7)_ 3
     RHS c_u_capacity(1_1_8)_ 3
     RHS c_u_aggregate(0_1)_ 4
     RHS c_u_aggregate(0_2)_ 4
     RHS c_u_aggregate(0_3)_ 4
     RHS c_u_aggregate(0_4)_ 4
     RHS c_u_aggregate(0_5)_ 4
     RHS c_u_aggregate(0_6)_ 4
     RHS c_u_aggregate(0_7)_ 4
     RHS c_u_aggregate(0_8)_ 4
     RHS c_u_aggregate(1_1)_ 6
     RHS c_u_aggregate(1_2)_ 6
     RHS c_u_aggregate(1_3)_ 6
     RHS c_u_aggregate(1_4)_ 6
     RHS c_u_aggregate(1_5)_ 6
     RHS c_u_aggregate(1_6)_ 6
     RHS c_u_aggregate(1_7)_ 6
     RHS c_u_aggregate(1_8)_ 6
BOUNDS
 BV BOUND X(0_0_1)
 BV BOUND X(0_1_1)
 BV BOUND X(0_1_2)
 BV BOUND X(0_1_3)
 BV BOUND X(0_1_4)
 BV BOUND X(0_1_5)
 BV BOUND X(0_3_1)
 BV BOUND X(0_3_2)
 BV BOUND X(0_3_3)
 BV BOUND X(0_4_1)
 BV BOUND X(0_4_2)
 BV BOUND X(0_4_3)
 BV BOUND X(0_4_4)
 BV BOUND X(0_4_5)
 LI BOUND Y(0_0_0) 0
 UI BOUND Y(0_0_0) 10E20
 LI BOUND Y(0_1_0) 0
 UI BOUND Y(0_1_0) 10E20
 BV BOUND o(0_0)
 BV BOUND o(0_1)
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
 LO BOUND V(0_0_0_1) 0
 LO BOUND V(0_0_0_2) 0
 LO BOUND V(0_0_0_3) 0
 LO BOUND V(0_0_0_4) 0
 LO BOUND V(0_0_0_5) 0
 LO BOUND V(0_0_0_6) 0
 LO BOUND V(0_0_0_7) 0
 LO BOUND V(0_0_0_8) 0
 LO BOUND V(0_0_1_1) 0
 LO BOUND V(0_0_1_2) 0
 LO BOUND V(0_0_1_3) 0
 LO BOUND V(0_0_1_4) 0
 LO BOUND V(0_0_1_5) 0
 LO BOUND V(0_0_1_6) 0
 LO BOUND V(0_0_1_7) 0
 LO BOUND V(0_0_1_8) 0
 LO BOUND V(0_1_0_1) 0
 LO BOUND V(0_1_0_2) 0
 LO BOUND V(0_1_0_3) 0
 LO BOUND V(0_1_0_4) 0
 LO BOUND V(0_1_0_5) 0
 LO BOUND V(0_1_0_6) 0
 LO BOUND V(0_1_0_7) 0
 LO BOUND V(0_1_0_8) 0
 LO BOUND V(0_1_1_1) 0
 LO BOUND V(0_1_1_2) 0
 LO BOUND V(0_1_1_3) 0
 LO BOUND V(0_1_1_4) 0
 LO BOUND V(0_1_1_5) 0
 LO BOUND V(0_1_1_6) 0
 LO BOUND V(0_1_1_7) 0
 LO BOUND V(0_1_1_8) 0
 LI BOUND S(0_0_0) 0
 UI BOUND S(0_0_0) 10E20
 LI BOUND S(0_1_0) 0
 UI BOUND S(0_1_0) 10E20
 BV BOUND g(0_0)
 BV BOUND g(0_1)
ENDATA
