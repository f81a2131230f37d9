* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME ltgf-milp
OBJSENSE
 MAX
ROWS
 N  obj
 L  c_u_capacity(0)_
 L  c_u_capacity(1)_
 L  c_u_capacity(2)_
 L  c_u_capacity(3)_
 L  c_u_capacity(4)_
 L  c_u_capacity(5)_
 L  c_u_capacity(6)_
 L  c_u_capacity(7)_
 E  c_e_work(0)_
 E  c_e_work(1)_
 E  c_e_work(2)_
 L  c_u_done_hi(0_0)_
 L  c_u_done_hi(0_1)_
 L  c_u_done_hi(0_2)_
 L  c_u_done_hi(0_3)_
 L  c_u_done_hi(0_4)_
 L  c_u_done_hi(0_5)_
 L  c_u_done_hi(0_6)_
 L  c_u_done_hi(0_7)_
 L  c_u_done_hi(1_0)_
 L  c_u_done_hi(1_1)_
 L  c_u_done_hi(1_2)_
 L  c_u_done_hi(1_3)_
 L  c_u_done_hi(1_4)_
 L  c_u_done_hi(1_5)_
 L  c_u_done_hi(1_6)_
 L  c_u_done_hi(1_7)_
 L  c_u_done_hi(2_0)_
 L  c_u_done_hi(2_1)_
 L  c_u_done_hi(2_2)_
 L  c_u_done_hi(2_3)_
 L  c_u_done_hi(2_4)_
 L  c_u_done_hi(2_5)_
 L  c_u_done_hi(2_6)_
 L  c_u_done_hi(2_7)_
 L  c_u_done_lo(0_0)_
 L  c_u_done_lo(0_1)_
 L  c_u_done_lo(0_2)_
 L  c_u_done_lo(0_3)_
 L  c_u_done_lo(0_4)_
 L  c_u_done_lo(0_5)_
 L  c_u_done_lo(0_6)_
 L  c_u_done_lo(0_7)_
 L  c_u_done_lo(1_0)_
 L  c_u_done_lo(1_1)_
 L  c_u_done_lo(1_2)_
 L  c_u_done_lo(1_3)_
 L  c_u_done_lo(1_4)_
 L  c_u_done_lo(1_5)_
 L  c_u_done_lo(1_6)_
 L  c_u_done_lo(1_7)_
 L  c_u_done_lo(2_0)_
 L  c_u_done_lo(2_1)_
 L  c_u_done_lo(2_2)_
 L  c_u_done_lo(2_3)_
 L  c_u_done_lo(2_4)_
 L  c_u_done_lo(2_5)_
 L  c_u_done_lo(2_6)_
 L  c_u_done_lo(2_7)_
 L  c_u_done_mono(0_1)_
 L  c_u_done_mono(0_2)_
 L  c_u_done_mono(0_3)_
 L  c_u_done_mono(0_4)_
 L  c_u_done_mono(0_5)_
 L  c_u_done_mono(0_6)_
 L  c_u_done_mono(0_7)_
 L  c_u_done_mono(1_1)_
 L  c_u_done_mono(1_2)_
 L  c_u_done_mono(1_3)_
 L  c_u_done_mono(1_4)_
 L  c_u_done_mono(1_5)_
 L  c_u_done_mono(1_6)_
 L  c_u_done_mono(1_7)_
 L  c_u_done_mono(2_1)_
 L  c_u_done_mono(2_2)_
 L  c_u_done_mono(2_3)_
 L  c_u_done_mono(2_4)_
 L  c_u_done_mono(2_5)_
 L  c_u_done_mono(2_6)_
 L  c_u_done_mono(2_7)_
 L  c_u_fs_dem(0_0)_
 L  c_u_fs_dem(0_1)_
 L  c_u_fs_dem(0_2)_
 L  c_u_fs_dem(0_3)_
 L  c_u_fs_dem(0_4)_
 L  c_u_fs_dem(0_5)_
 L  c_u_fs_dem(0_6)_
 L  c_u_fs_dem(0_7)_
 L  c_u_fs_quota(0_0)_
 L  c_u_fs_quota(0_1)_
 L  c_u_fs_quota(0_2)_
 L  c_u_fs_quota(0_3)_
 L  c_u_fs_quota(0_4)_
 L  c_u_fs_quota(0_5)_
 L  c_u_fs_quota(0_6)_
 L  c_u_fs_quota(0_7)_
 L  c_u_fs_dem_lo(0_0)_
 L  c_u_fs_dem_lo(0_1)_
 L  c_u_fs_dem_lo(0_2)_
 L  c_u_fs_dem_lo(0_3)_
 L  c_u_fs_dem_lo(0_4)_
 L  c_u_fs_dem_lo(0_5)_
 L  c_u_fs_dem_lo(0_6)_
 L  c_u_fs_dem_lo(0_7)_
 L  c_u_fs_quota_lo(0_0)_
 L  c_u_fs_quota_lo(0_1)_
 L  c_u_fs_quota_lo(0_2)_
 L  c_u_fs_quota_lo(0_3)_
 L  c_u_fs_quota_lo(0_4)_
 L  c_u_fs_quota_lo(0_5)_
 L  c_u_fs_quota_lo(0_6)_
 L  c_u_fs_quota_lo(0_7)_
 L  c_u_level(0)_
COLUMNS
     x(0_0) c_u_capacity(0)_ 6
     x(0_0) c_e_work(0)_ 1
     x(0_0) c_u_done_hi(0_0)_ -1
     x(0_0) c_u_done_hi(0_1)_ -1
     x(0_0) c_u_done_hi(0_2)_ -1
     x(0_0) c_u_done_hi(0_3)_ -1
     x(0_0) c_u_done_hi(0_4)_ -1
     x(0_0) c_u_done_hi(0_5)_ -1
     x(0_0) c_u_done_hi(0_6)_ -1
     x(0_0) c_u_done_hi(0_7)_ -1
     x(0_0) c_u_done_lo(0_0)_ 1
     x(0_0) c_u_done_lo(0_1)_ 1
     x(0_0) c_u_done_lo(0_2)_ 1
     x(0_0) c_u_done_lo(0_3)_ 1
     x(0_0) c_u_done_lo(0_4)_ 1
     x(0_0) c_u_done_lo(0_5)_ 1
     x(0_0) c_u_done_lo(0_6)_ 1
     x(0_0) c_u_done_lo(0_7)_ 1
     x(0_0) c_u_level(0)_ -6
     x(0_1) c_u_capacity(1)_ 6
     x(0_1) c_e_work(0)_ 1
     x(0_1) c_u_done_hi(0_1)_ -1
     x(0_1) c_u_done_hi(0_2)_ -1
     x(0_1) c_u_done_hi(0_3)_ -1
     x(0_1) c_u_done_hi(0_4)_ -1
     x(0_1) c_u_done_hi(0_5)_ -1
     x(0_1) c_u_done_hi(0_6)_ -1
     x(0_1) c_u_done_hi(0_7)_ -1
     x(0_1) c_u_done_lo(0_1)_ 1
     x(0_1) c_u_done_lo(0_2)_ 1
     x(0_1) c_u_done_lo(0_3)_ 1
     x(0_1) c_u_done_lo(0_4)_ 1
     x(0_1) c_u_done_lo(0_5)_ 1
     x(0_1) c_u_done_lo(0_6)_ 1
     x(0_1) c_u_done_lo(0_7)_ 1
     x(0_1) c_u_level(0)_ -6
     x(0_2) c_u_capacity(2)_ 6
     x(0_2) c_e_work(0)_ 1
     x(0_2) c_u_done_hi(0_2)_ -1
     x(0_2) c_u_done_hi(0_3)_ -1
     x(0_2) c_u_done_hi(0_4)_ -1
     x(0_2) c_u_done_hi(0_5)_ -1
     x(0_2) c_u_done_hi(0_6)_ -1
     x(0_2) c_u_done_hi(0_7)_ -1
     x(0_2) c_u_done_lo(0_2)_ 1
     x(0_2) c_u_done_lo(0_3)_ 1
     x(0_2) c_u_done_lo(0_4)_ 1
     x(0_2) c_u_done_lo(0_5)_ 1
     x(0_2) c_u_done_lo(0_6)_ 1
     x(0_2) c_u_done_lo(0_7)_ 1
     x(0_2) c_u_level(0)_ -6
     x(0_3) c_u_capacity(3)_ 6
     x(0_3) c_e_work(0)_ 1
     x(0_3) c_u_done_hi(0_3)_ -1
     x(0_3) c_u_done_hi(0_4)_ -1
     x(0_3) c_u_done_hi(0_5)_ -1
     x(0_3) c_u_done_hi(0_6)_ -1
     x(0_3) c_u_done_hi(0_7)_ -1
     x(0_3) c_u_done_lo(0_3)_ 1
     x(0_3) c_u_done_lo(0_4)_ 1
     x(0_3) c_u_done_lo(0_5)_ 1
     x(0_3) c_u_done_lo(0_6)_ 1
     x(0_3) c_u_done_lo(0_7)_ 1
     x(0_3) c_u_level(0)_ -6
     x(0_4) c_u_capacity(4)_ 6
     x(0_4) c_e_work(0)_ 1
     x(0_4) c_u_done_hi(0_4)_ -1
     x(0_4) c_u_done_hi(0_5)_ -1
     x(0_4) c_u_done_hi(0_6)_ -1
     x(0_4) c_u_done_hi(0_7)_ -1
     x(0_4) c_u_done_lo(0_4)_ 1
     x(0_4) c_u_done_lo(0_5)_ 1
     x(0_4) c_u_done_lo(0_6)_ 1
     x(0_4) c_u_done_lo(0_7)_ 1
     x(0_4) c_u_level(0)_ -6
     x(0_5) c_u_capacity(5)_ 6
     x(0_5) c_e_work(0)_ 1
     x(0_5) c_u_done_hi(0_5)_ -1
     x(0_5) c_u_done_hi(0_6)_ -1
     x(0_5) c_u_done_hi(0_7)_ -1
     x(0_5) c_u_done_lo(0_5)_ 1
     x(0_5) c_u_done_lo(0_6)_ 1
     x(0_5) c_u_done_lo(0_7)_ 1
     x(0_5) c_u_level(0)_ -6
     x(0_6) c_u_capacity(6)_ 6
     x(0_6) c_e_work(0)_ 1
     x(0_6) c_u_done_hi(0_6)_ -1
     x(0_6) c_u_done_hi(0_7)_ -1
     x(0_6) c_u_done_lo(0_6)_ 1
     x(0_6) c_u_done_lo(0_7)_ 1
     x(0_6) c_u_level(0)_ -6
     x(0_7) c_u_capacity(7)_ 6
     x(0_7) c_e_work(0)_ 1
     x(0_7) c_u_done_hi(0_7)_ -1
     x(0_7) c_u_done_lo(0_7)_ 1
     x(0_7) c_u_level(0)_ -6
     x(1_0) c_u_capacity(0)_ 3
     x(1_0) c_e_work(1)_ 1
     x(1_0) c_u_done_hi(1_0)_ -1
     x(1_0) c_u_done_hi(1_1)_ -1
     x(1_0) c_u_done_hi(1_2)_ -1
     x(1_0) c_u_done_hi(1_3)_ -1
     x(1_0) c_u_done_hi(1_4)_ -1
     x(1_0) c_u_done_hi(1_5)_ -1
     x(1_0) c_u_done_hi(1_6)_ -1
     x(1_0) c_u_done_hi(1_7)_ -1
     x(1_0) c_u_done_lo(1_0)_ 1
     x(1_0) c_u_done_lo(1_1)_ 1
     x(1_0) c_u_done_lo(1_2)_ 1
     x(1_0) c_u_done_lo(1_3)_ 1
     x(1_0) c_u_done_lo(1_4)_ 1
     x(1_0) c_u_done_lo(1_5)_ 1
     x(1_0) c_u_done_lo(1_6)_ 1
     x(1_0) c_u_done_lo(1_7)_ 1
     x(1_0) c_u_level(0)_ -3
     x(1_1) c_u_capacity(1)_ 3
     x(1_1) c_e_work(1)_ 1
     x(1_1) c_u_done_hi(1_1)_ -1
     x(1_1) c_u_done_hi(1_2)_ -1
     x(1_1) c_u_done_hi(1_3)_ -1
     x(1_1) c_u_done_hi(1_4)_ -1
     x(1_1) c_u_done_hi(1_5)_ -1
     x(1_1) c_u_done_hi(1_6)_ -1
     x(1_1) c_u_done_hi(1_7)_ -1
     x(1_1) c_u_done_lo(1_1)_ 1
     x(1_1) c_u_done_lo(1_2)_ 1
     x(1_1) c_u_done_lo(1_3)_ 1
     x(1_1) c_u_done_lo(1_4)_ 1
     x(1_1) c_u_done_lo(1_5)_ 1
     x(1_1) c_u_done_lo(1_6)_ 1
     x(1_1) c_u_done_lo(1_7)_ 1
     x(1_1) c_u_level(0)_ -3
     x(1_2) c_u_capacity(2)_ 3
     x(1_2) c_e_work(1)_ 1
     x(1_2) c_u_done_hi(1_2)_ -1
     x(1_2) c_u_done_hi(1_3)_ -1
     x(1_2) c_u_done_hi(1_4)_ -1
     x(1_2) c_u_done_hi(1_5)_ -1
     x(1_2) c_u_done_hi(1_6)_ -1
     x(1_2) c_u_done_hi(1_7)_ -1
     x(1_2) c_u_done_lo(1_2)_ 1
     x(1_2) c_u_done_lo(1_3)_ 1
     x(1_2) c_u_done_lo(1_4)_ 1
     x(1_2) c_u_done_lo(1_5)_ 1
     x(1_2) c_u_done_lo(1_6)_ 1
     x(1_2) c_u_done_lo(1_7)_ 1
     x(1_2) c_u_level(0)_ -3
     x(1_3) c_u_capacity(3)_ 3
     x(1_3) c_e_work(1)_ 1
     x(1_3) c_u_done_hi(1_3)_ -1
     x(1_3) c_u_done_hi(1_4)_ -1
     x(1_3) c_u_done_hi(1_5)_ -1
     x(1_3) c_u_done_hi(1_6)_ -1
     x(1_3) c_u_done_hi(1_7)_ -1
     x(1_3) c_u_done_lo(1_3)_ 1
     x(1_3) c_u_done_lo(1_4)_ 1
     x(1_3) c_u_done_lo(1_5)_ 1
     x(1_3) c_u_done_lo(1_6)_ 1
     x(1_3) c_u_done_lo(1_7)_ 1
     x(1_3) c_u_level(0)_ -3
     x(1_4) c_u_capacity(4)_ 3
     x(1_4) c_e_work(1)_ 1
     x(1_4) c_u_done_hi(1_4)_ -1
     x(1_4) c_u_done_hi(1_5)_ -1
     x(1_4) c_u_done_hi(1_6)_ -1
     x(1_4) c_u_done_hi(1_7)_ -1
     x(1_4) c_u_done_lo(1_4)_ 1
     x(1_4) c_u_done_lo(1_5)_ 1
     x(1_4) c_u_done_lo(1_6)_ 1
     x(1_4) c_u_done_lo(1_7)_ 1
     x(1_4) c_u_level(0)_ -3
     x(1_5) c_u_capacity(5)_ 3
     x(1_5) c_e_work(1)_ 1
     x(1_5) c_u_done_hi(1_5)_ -1
     x(1_5) c_u_done_hi(1_6)_ -1
     x(1_5) c_u_done_hi(1_7)_ -1
     x(1_5) c_u_done_lo(1_5)_ 1
     x(1_5) c_u_done_lo(1_6)_ 1
     x(1_5) c_u_done_lo(1_7)_ 1
     x(1_5) c_u_level(0)_ -3
     x(1_6) c_u_capacity(6)_ 3
     x(1_6) c_e_work(1)_ 1
     x(1_6) c_u_done_hi(1_6)_ -1
     x(1_6) c_u_done_hi(1_7)_ -1
     x(1_6) c_u_done_lo(1_6)_ 1
     x(1_6) c_u_done_lo(1_7)_ 1
     x(1_6) c_u_level(0)_ -3
     x(1_7) c_u_capacity(7)_ 3
     x(1_7) c_e_work(1)_ 1
     x(1_7) c_u_done_hi(1_7)_ -1
     x(1_7) c_u_done_lo(1_7)_ 1
     x(1_7) c_u_level(0)_ -3
     x(2_0) c_u_capacity(0)_ 3
     x(2_0) c_e_work(2)_ 1
     x(2_0) c_u_done_hi(2_0)_ -1
     x(2_0) c_u_done_hi(2_1)_ -1
     x(2_0) c_u_done_hi(2_2)_ -1
     x(2_0) c_u_done_hi(2_3)_ -1
     x(2_0) c_u_done_hi(2_4)_ -1
     x(2_0) c_u_done_hi(2_5)_ -1
     x(2_0) c_u_done_hi(2_6)_ -1
     x(2_0) c_u_done_hi(2_7)_ -1
     x(2_0) c_u_done_lo(2_0)_ 1
     x(2_0) c_u_done_lo(2_1)_ 1
     x(2_0) c_u_done_lo(2_2)_ 1
     x(2_0) c_u_done_lo(2_3)_ 1
     x(2_0) c_u_done_lo(2_4)_ 1
     x(2_0) c_u_done_lo(2_5)_ 1
     x(2_0) c_u_done_lo(2_6)_ 1
     x(2_0) c_u_done_lo(2_7)_ 1
     x(2_0) c_u_level(0)_ -3
     x(2_1) c_u_capacity(1)_ 3
     x(2_1) c_e_work(2)_ 1
     x(2_1) c_u_done_hi(2_1)_ -1
     x(2_1) c_u_done_hi(2_2)_ -1
     x(2_1) c_u_done_hi(2_3)_ -1
     x(2_1) c_u_done_hi(2_4)_ -1
     x(2_1) c_u_done_hi(2_5)_ -1
     x(2_1) c_u_done_hi(2_6)_ -1
     x(2_1) c_u_done_hi(2_7)_ -1
     x(2_1) c_u_done_lo(2_1)_ 1
     x(2_1) c_u_done_lo(2_2)_ 1
     x(2_1) c_u_done_lo(2_3)_ 1
     x(2_1) c_u_done_lo(2_4)_ 1
     x(2_1) c_u_done_lo(2_5)_ 1
     x(2_1) c_u_done_lo(2_6)_ 1
     x(2_1) c_u_done_lo(2_7)_ 1
     x(2_1) c_u_level(0)_ -3
     x(2_2) c_u_capacity(2)_ 3
     x(2_2) c_e_work(2)_ 1
     x(2_2) c_u_done_hi(2_2)_ -1
     x(2_2) c_u_done_hi(2_3)_ -1
     x(2_2) c_u_done_hi(2_4)_ -1
     x(2_2) c_u_done_hi(2_5)_ -1
     x(2_2) c_u_done_hi(2_6)_ -1
     x(2_2) c_u_done_hi(2_7)_ -1
     x(2_2) c_u_done_lo(2_2)_ 1
     x(2_2) c_u_done_lo(2_3)_ 1
     x(2_2) c_u_done_lo(2_4)_ 1
     x(2_2) c_u_done_lo(2_5)_ 1
     x(2_2) c_u_done_lo(2_6)_ 1
     x(2_2) c_u_done_lo(2_7)_ 1
     x(2_2) c_u_level(0)_ -3
     x(2_3) c_u_capacity(3)_ 3
     x(2_3) c_e_work(2)_ 1
     x(2_3) c_u_done_hi(2_3)_ -1
     x(2_3) c_u_done_hi(2_4)_ -1
     x(2_3) c_u_done_hi(2_5)_ -1
     x(2_3) c_u_done_hi(2_6)_ -1
     x(2_3) c_u_done_hi(2_7)_ -1
     x(2_3) c_u_done_lo(2_3)_ 1
     x(2_3) c_u_done_lo(2_4)_ 1
     x(2_3) c_u_done_lo(2_5)_ 1
     x(2_3) c_u_done_lo(2_6)_ 1
     x(2_3) c_u_done_lo(2_7)_ 1
     x(2_3) c_u_level(0)_ -3
     x(2_4) c_u_capacity(4)_ 3
     x(2_4) c_e_work(2)_ 1
     x(2_4) c_u_done_hi(2_4)_ -1
     x(2_4) c_u_done_hi(2_5)_ -1
     x(2_4) c_u_done_hi(2_6)_ -1
     x(2_4) c_u_done_hi(2_7)_ -1
     x(2_4) c_u_done_lo(2_4)_ 1
     x(2_4) c_u_done_lo(2_5)_ 1
     x(2_4) c_u_done_lo(2_6)_ 1
     x(2_4) c_u_done_lo(2_7)_ 1
     x(2_4) c_u_level(0)_ -3
     x(2_5) c_u_capacity(5)_ 3
     x(2_5) c_e_work(2)_ 1
     x(2_5) c_u_done_hi(2_5)_ -1
     x(2_5) c_u_done_hi(2_6)_ -1
     x(2_5) c_u_done_hi(2_7)_ -1
     x(2_5) c_u_done_lo(2_5)_ 1
     x(2_5) c_u_done_lo(2_6)_ 1
     x(2_5) c_u_done_lo(2_7)_ 1
     x(2_5) c_u_level(0)_ -3
     x(2_6) c_u_capacity(6)_ 3
     x(2_6) c_e_work(2)_ 1
     x(2_6) c_u_done_hi(2_6)_ -1
     x(2_6) c_u_done_hi(2_7)_ -1
     x(2_6) c_u_done_lo(2_6)_ 1
     x(2_6) c_u_done_lo(2_7)_ 1
     x(2_6) c_u_level(0)_ -3
     x(2_7) c_u_capacity(7)_ 3
     x(2_7) c_e_work(2)_ 1
     x(2_7) c_u_done_hi(2_7)_ -1
     x(2_7) c_u_done_lo(2_7)_ 1
     x(2_7) c_u_level(0)_ -3
     c(0_0) c_u_done_hi(0_0)_ 4
     c(0_0) c_u_done_lo(0_0)_ -1
     c(0_0) c_u_done_mono(0_1)_ 1
     c(0_0) c_u_fs_dem(0_1)_ 6
     c(0_0) c_u_fs_dem_lo(0_1)_ -6
     c(0_1) c_u_done_hi(0_1)_ 4
     c(0_1) c_u_done_lo(0_1)_ -1
     c(0_1) c_u_done_mono(0_1)_ -1
     c(0_1) c_u_done_mono(0_2)_ 1
     c(0_1) c_u_fs_dem(0_2)_ 6
     c(0_1) c_u_fs_dem_lo(0_2)_ -6
     c(0_2) c_u_done_hi(0_2)_ 4
     c(0_2) c_u_done_lo(0_2)_ -1
     c(0_2) c_u_done_mono(0_2)_ -1
     c(0_2) c_u_done_mono(0_3)_ 1
     c(0_2) c_u_fs_dem(0_3)_ 6
     c(0_2) c_u_fs_dem_lo(0_3)_ -6
     c(0_3) c_u_done_hi(0_3)_ 4
     c(0_3) c_u_done_lo(0_3)_ -1
     c(0_3) c_u_done_mono(0_3)_ -1
     c(0_3) c_u_done_mono(0_4)_ 1
     c(0_3) c_u_fs_dem(0_4)_ 6
     c(0_3) c_u_fs_dem_lo(0_4)_ -6
     c(0_4) c_u_done_hi(0_4)_ 4
     c(0_4) c_u_done_lo(0_4)_ -1
     c(0_4) c_u_done_mono(0_4)_ -1
     c(0_4) c_u_done_mono(0_5)_ 1
     c(0_4) c_u_fs_dem(0_5)_ 6
     c(0_4) c_u_fs_dem_lo(0_5)_ -6
     c(0_5) c_u_done_hi(0_5)_ 4
     c(0_5) c_u_done_lo(0_5)_ -1
     c(0_5) c_u_done_mono(0_5)_ -1
     c(0_5) c_u_done_mono(0_6)_ 1
     c(0_5) c_u_fs_dem(0_6)_ 6
     c(0_5) c_u_fs_dem_lo(0_6)_ -6
     c(0_6) c_u_done_hi(0_6)_ 4
     c(0_6) c_u_done_lo(0_6)_ -1
     c(0_6) c_u_done_mono(0_6)_ -1
     c(0_6) c_u_done_mono(0_7)_ 1
     c(0_6) c_u_fs_dem(0_7)_ 6
     c(0_6) c_u_fs_dem_lo(0_7)_ -6
     c(0_7) c_u_done_hi(0_7)_ 4
     c(0_7) c_u_done_lo(0_7)_ -1
     c(0_7) c_u_done_mono(0_7)_ -1
     c(1_0) c_u_done_hi(1_0)_ 4
     c(1_0) c_u_done_lo(1_0)_ -1
     c(1_0) c_u_done_mono(1_1)_ 1
     c(1_0) c_u_fs_dem(0_1)_ 3
     c(1_0) c_u_fs_dem_lo(0_1)_ -3
     c(1_1) c_u_done_hi(1_1)_ 4
     c(1_1) c_u_done_lo(1_1)_ -1
     c(1_1) c_u_done_mono(1_1)_ -1
     c(1_1) c_u_done_mono(1_2)_ 1
     c(1_1) c_u_fs_dem(0_2)_ 3
     c(1_1) c_u_fs_dem_lo(0_2)_ -3
     c(1_2) c_u_done_hi(1_2)_ 4
     c(1_2) c_u_done_lo(1_2)_ -1
     c(1_2) c_u_done_mono(1_2)_ -1
     c(1_2) c_u_done_mono(1_3)_ 1
     c(1_2) c_u_fs_dem(0_3)_ 3
     c(1_2) c_u_fs_dem_lo(0_3)_ -3
     c(1_3) c_u_done_hi(1_3)_ 4
     c(1_3) c_u_done_lo(1_3)_ -1
     c(1_3) c_u_done_mono(1_3)_ -1
     c(1_3) c_u_done_mono(1_4)_ 1
     c(1_3) c_u_fs_dem(0_4)_ 3
     c(1_3) c_u_fs_dem_lo(0_4)_ -3
     c(1_4) c_u_done_hi(1_4)_ 4
     c(1_4) c_u_done_lo(1_4)_ -1
     c(1_4) c_u_done_mono(1_4)_ -1
     c(1_4) c_u_done_mono(1_5)_ 1
     c(1_4) c_u_fs_dem(0_5)_ 3
     c(1_4) c_u_fs_dem_lo(0_5)_ -3
     c(1_5) c_u_done_hi(1_5)_ 4
     c(1_5) c_u_done_lo(1_5)_ -1
     c(1_5) c_u_done_mono(1_5)_ -1
     c(1_5) c_u_done_mono(1_6)_ 1
     c(1_5) c_u_fs_dem(0_6)_ 3
     c(1_5) c_u_fs_dem_lo(0_6)_ -3
     c(1_6) c_u_done_hi(1_6)_ 4
     c(1_6) c_u_done_lo(1_6)_ -1
     c(1_6) c_u_done_mono(1_6)_ -1
     c(1_6) c_u_done_mono(1_7)_ 1
     c(1_6) c_u_fs_dem(0_7)_ 3
     c(1_6) c_u_fs_dem_lo(0_7)_ -3
     c(1_7) c_u_done_hi(1_7)_ 4
     c(1_7) c_u_done_lo(1_7)_ -1
     c(1_7) c_u_done_mono(1_7)_ -1
     c(2_0) c_u_done_hi(2_0)_ 4
     c(2_0) c_u_done_lo(2_0)_ -1
     c(2_0) c_u_done_mono(2_1)_ 1
     c(2_0) c_u_fs_dem(0_1)_ 3
     c(2_0) c_u_fs_dem_lo(0_1)_ -3
     c(2_1) c_u_done_hi(2_1)_ 4
     c(2_1) c_u_done_lo(2_1)_ -1
     c(2_1) c_u_done_mono(2_1)_ -1
     c(2_1) c_u_done_mono(2_2)_ 1
     c(2_1) c_u_fs_dem(0_2)_ 3
     c(2_1) c_u_fs_dem_lo(0_2)_ -3
     c(2_2) c_u_done_hi(2_2)_ 4
     c(2_2) c_u_done_lo(2_2)_ -1
     c(2_2) c_u_done_mono(2_2)_ -1
     c(2_2) c_u_done_mono(2_3)_ 1
     c(2_2) c_u_fs_dem(0_3)_ 3
     c(2_2) c_u_fs_dem_lo(0_3)_ -3
     c(2_3) c_u_done_hi(2_3)_ 4
     c(2_3) c_u_done_lo(2_3)_ -1
     c(2_3) c_u_done_mono(2_3)_ -1
     c(2_3) c_u_done_mono(2_4)_ 1
     c(2_3) c_u_fs_dem(0_4)_ 3
     c(2_3) c_u_fs_dem_lo(0_4)_ -3
     c(2_4) c_u_done_hi(2_4)_ 4
     c(2_4) c_u_done_lo(2_4)_ -1
     c(2_4) c_u_done_mono(2_4)_ -1
     c(2_4) c_u_done_mono(2_5)_ 1
     c(2_4) c_u_fs_dem(0_5)_ 3
     c(2_4) c_u_fs_dem_lo(0_5)_ -3
     c(2_5) c_u_done_hi(2_5)_ 4
     c(2_5) c_u_done_lo(2_5)_ -1
     c(2_5) c_u_done_mono(2_5)_ -1
     c(2_5) c_u_done_mono(2_6)_ 1
     c(2_5) c_u_fs_dem(0_6)_ 3
     c(2_5) c_u_fs_dem_lo(0_6)_ -3
     c(2_6) c_u_done_hi(2_6)_ 4
     c(2_6) c_u_done_lo(2_6)_ -1
     c(2_6) c_u_done_mono(2_6)_ -1
     c(2_6) c_u_done_mono(2_7)_ 1
     c(2_6) c_u_fs_dem(0_7)_ 3
     c(2_6) c_u_fs_dem_lo(0_7)_ -3
     c(2_7) c_u_done_hi(2_7)_ 4
     c(2_7) c_u_done_lo(2_7)_ -1
     c(2_7) c_u_done_mono(2_7)_ -1
     f(0_0) c_u_fs_dem(0_0)_ 1
     f(0_0) c_u_fs_quota(0_0)_ 1
     f(0_0) c_u_fs_dem_lo(0_0)_ -1
     f(0_0) c_u_fs_quota_lo(0_0)_ -1
     f(0_0) c_u_level(0)_ 1
     f(0_1) c_u_fs_dem(0_1)_ 1
     f(0_1) c_u_fs_quota(0_1)_ 1
     f(0_1) c_u_fs_dem_lo(0_1)_ -1
     f(0_1) c_u_fs_quota_lo(0_1)_ -1
     f(0_1) c_u_level(0)_ 1
     f(0_2) c_u_fs_dem(0_2)_ 1
     f(0_2) c_u_fs_quota(0_2)_ 1
     f(0_2) c_u_fs_dem_lo(0_2)_ -1
     f(0_2) c_u_fs_quota_lo(0_2)_ -1
     f(0_2) c_u_level(0)_ 1
     f(0_3) c_u_fs_dem(0_3)_ 1
     f(0_3) c_u_fs_quota(0_3)_ 1
     f(0_3) c_u_fs_dem_lo(0_3)_ -1
     f(0_3) c_u_fs_quota_lo(0_3)_ -1
     f(0_3) c_u_level(0)_ 1
     f(0_4) c_u_fs_dem(0_4)_ 1
     f(0_4) c_u_fs_quota(0_4)_ 1
     f(0_4) c_u_fs_dem_lo(0_4)_ -1
     f(0_4) c_u_fs_quota_lo(0_4)_ -1
     f(0_4) c_u_level(0)_ 1
     f(0_5) c_u_fs_dem(0_5)_ 1
     f(0_5) c_u_fs_quota(0_5)_ 1
     f(0_5) c_u_fs_dem_lo(0_5)_ -1
     f(0_5) c_u_fs_quota_lo(0_5)_ -1
     f(0_5) c_u_level(0)_ 1
     f(0_6) c_u_fs_dem(0_6)_ 1
     f(0_6) c_u_fs_quota(0_6)_ 1
     f(0_6) c_u_fs_dem_lo(0_6)_ -1
     f(0_6) c_u_fs_quota_lo(0_6)_ -1
     f(0_6) c_u_level(0)_ 1
     f(0_7) c_u_fs_dem(0_7)_ 1
     f(0_7) c_u_fs_quota(0_7)_ 1
     f(0_7) c_u_fs_dem_lo(0_7)_ -1
     f(0_7) c_u_fs_quota_lo(0_7)_ -1
     f(0_7) c_u_level(0)_ 1
     b(0_0) c_u_fs_dem_lo(0_0)_ -12
     b(0_0) c_u_fs_quota_lo(0_0)_ 6
     b(0_1) c_u_fs_dem_lo(0_1)_ -12
     b(0_1) c_u_fs_quota_lo(0_1)_ 6
     b(0_2) c_u_fs_dem_lo(0_2)_ -12
     b(0_2) c_u_fs_quota_lo(0_2)_ 6
     b(0_3) c_u_fs_dem_lo(0_3)_ -12
     b(0_3) c_u_fs_quota_lo(0_3)_ 6
     b(0_4) c_u_fs_dem_lo(0_4)_ -12
     b(0_4) c_u_fs_quota_lo(0_4)_ 6
     b(0_5) c_u_fs_dem_lo(0_5)_ -12
     b(0_5) c_u_fs_quota_lo(0_5)_ 6
     b(0_6) c_u_fs_dem_lo(0_6)_ -12
     b(0_6) c_u_fs_quota_lo(0_6)_ 6
     b(0_7) c_u_fs_dem_lo(0_7)_ -12
     b(0_7) c_u_fs_quota_lo(0_7)_ 6
     t obj 1
     t c_u_level(0)_ 1
RHS
     RHS c_u_capacity(0)_ 6
     RHS c_u_capacity(1)_ 6
     RHS c_u_capacity(2)_ 6
     RHS c_u_capacity(3)_ 6
     RHS c_u_capacity(4)_ 6
     RHS c_u_capacity(5)_ 6
     RHS c_u_capacity(6)_ 6
     RHS c_u_capacity(7)_ 6
     RHS c_e_work(0)_ 4
     RHS c_e_work(1)_ 4
     RHS c_e_work(2)_ 4
     RHS c_u_done_hi(0_0)_ 0
     RHS c_u_done_hi(0_1)_ 0
     RHS c_u_done_hi(0_2)_ 0
     RHS c_u_done_hi(0_3)_ 0
     RHS c_u_done_hi(0_4)_ 0
     RHS c_u_done_hi(0_5)_ 0
     RHS c_u_done_hi(0_6)_ 0
     RHS c_u_done_hi(0_7)_ 0
     RHS c_u_done_hi(1_0)_ 0
     RHS c_u_done_hi(1_1)_ 0
     RHS c_u_done_hi(1_2)_ 0
     RHS c_u_done_hi(1_3)_ 0
     RHS c_u_done_hi(1_4)_ 0
     RHS c_u_done_hi(1_5)_ 0
     RHS c_u_done_hi(1_6)_ 0
     RHS c_u_done_hi(1_7)_ 0
     RHS c_u_done_hi(2_0)_ 0
     RHS c_u_done_hi(2_1)_ 0
     RHS c_u_done_hi(2_2)_ 0
     RHS c_u_done_hi(2_3)_ 0
     RHS c_u_done_hi(2_4)_ 0
     RHS c_u_done_hi(2_5)_ 0
     RHS c_u_done_hi(2_6)_ 0
     RHS c_u_done_hi(2_7)_ 0
     RHS c_u_done_lo(0_0)_ 3
     RHS c_u_done_lo(0_1)_ 3
     RHS c_u_done_lo(0_2)_ 3
     RHS c_u_done_lo(0_3)_ 3
     RHS c_u_done_lo(0_4)_ 3
     RHS c_u_done_lo(0_5)_ 3
     RHS c_u_done_lo(0_6)_ 3
     RHS c_u_done_lo(0_7)_ 3
     RHS c_u_done_lo(1_0)_ 3
     RHS c_u_done_lo(1_1)_ 3
     RHS c_u_done_lo(1_2)_ 3
     RHS c_u_done_lo(1_3)_ 3
     RHS c_u_done_lo(1_4)_ 3
     RHS c_u_done_lo(1_5)_ 3
     RHS c_u_done_lo(1_6)_ 3
     RHS c_u_done_lo(1_7)_ 3
     RHS c_u_done_lo(2_0)_ 3
     RHS c_u_done_lo(2_1)_ 3
     RHS c_u_done_lo(2_2)_ 3
     RHS c_u_done_lo(2_3)_ 3
     RHS c_u_done_lo(2_4)_ 3
     RHS c_u_done_lo(2_5)_ 3
     RHS c_u_done_lo(2_6)_ 3
     RHS c_u_done_lo(2_7)_ 3
     RHS c_u_done_mono(0_1)_ 0
     RHS c_u_done_mono(0_2)_ 0
     RHS c_u_done_mono(0_3)_ 0
     RHS c_u_done_mono(0_4)_ 0
     RHS c_u_done_mono(0_5)_ 0
     RHS c_u_done_mono(0_6)_ 0
     RHS c_u_done_mono(0_7)_ 0
     RHS c_u_done_mono(1_1)_ 0
     RHS c_u_done_mono(1_2)_ 0
     RHS c_u_done_mono(1_3)_ 0
     RHS c_u_done_mono(1_4)_ 0
     RHS c_u_done_mono(1_5)_ 0
     RHS c_u_done_mono(1_6)_ 0
     RHS c_u_done_mono(1_7)_ 0
     RHS c_u_done_mono(2_1)_ 0
     RHS c_u_done_mono(2_2)_ 0
     RHS c_u_done_mono(2_3)_ 0
     RHS c_u_done_mono(2_4)_ 0
     RHS c_u_done_mono(2_5)_ 0
     RHS c_u_done_mono(2_6)_ 0
     RHS c_u_done_mono(2_7)_ 0
     RHS c_u_fs_dem(0_0)_ 12
     RHS c_u_fs_dem(0_1)_ 12
     RHS c_u_fs_dem(0_2)_ 12
     RHS c_u_fs_dem(0_3)_ 12
     RHS c_u_fs_dem(0_4)_ 12
     RHS c_u_fs_dem(0_5)_ 12
     RHS c_u_fs_dem(0_6)_ 12
     RHS c_u_fs_dem(0_7)_ 12
     RHS c_u_fs_quota(0_0)_ 6
     RHS c_u_fs_quota(0_1)_ 6
     RHS c_u_fs_quota(0_2)_ 6
     RHS c_u_fs_quota(0_3)_ 6
     RHS c_u_fs_quota(0_4)_ 6
     RHS c_u_fs_quota(0_5)_ 6
     RHS c_u_fs_quota(0_6)_ 6
     RHS c_u_fs_quota(0_7)_ 6
     RHS c_u_fs_dem_lo(0_0)_ -12
     RHS c_u_fs_dem_lo(0_1)_ -12
     RHS c_u_fs_dem_lo(0_2)_ -12
     RHS c_u_fs_dem_lo(0_3)_ -12
     RHS c_u_fs_dem_lo(0_4)_ -12
     RHS c_u_fs_dem_lo(0_5)_ -12
     RHS c_u_fs_dem_lo(0_6)_ -12
     RHS c_u_fs_dem_lo(0_7)_ -12
     RHS c_u_fs_quota_lo(0_0)_ 0
     RHS c_u_fs_quota_lo(0_1)_ 0
     RHS c_u_fs_quota_lo(0_2)_ 0
     RHS c_u_fs_quota_lo(0_3)_ 0
     RHS c_u_fs_quota_lo(0_4)_ 0
     RHS c_u_fs_quota_lo(0_5)_ 0
     RHS c_u_fs_quota_lo(0_6)_ 0
     RHS c_u_fs_quota_lo(0_7)_ 0
     RHS c_u_level(0)_ 0
BOUNDS
 BV BOUND x(0_0)
 BV BOUND x(0_1)
 BV BOUND x(0_2)
 BV BOUND x(0_3)
 BV BOUND x(0_4)
 BV BOUND x(0_5)
 BV BOUND x(0_6)
 BV BOUND x(0_7)
 BV BOUND x(1_0)
 BV BOUND x(1_1)
 BV BOUND x(1_2)
 BV BOUND x(1_3)
 BV BOUND x(1_4)
 BV BOUND x(1_5)
 BV BOUND x(1_6)
 BV BOUND x(1_7)
 BV BOUND x(2_0)
 BV BOUND x(2_1)
 BV BOUND x(2_2)
 BV BOUND x(2_3)
 BV BOUND x(2_4)
 BV BOUND x(2_5)
 BV BOUND x(2_6)
 BV BOUND x(2_7)
 BV BOUND c(0_0)
 BV BOUND c(0_1)
 BV BOUND c(0_2)
 BV BOUND c(0_3)
 BV BOUND c(0_4)
 BV BOUND c(0_5)
 BV BOUND c(0_6)
 BV BOUND c(0_7)
 BV BOUND c(1_0)
 BV BOUND c(1_1)
 BV BOUND c(1_2)
 BV BOUND c(1_3)
 BV BOUND c(1_4)
 BV BOUND c(1_5)
 BV BOUND c(1_6)
 BV BOUND c(1_7)
 BV BOUND c(2_0)
 BV BOUND c(2_1)
 BV BOUND c(2_2)
 BV BOUND c(2_3)
 BV BOUND c(2_4)
 BV BOUND c(2_5)
 BV BOUND c(2_6)
 BV BOUND c(2_7)
 LO BOUND f(0_0) 0
 LO BOUND f(0_1) 0
 LO BOUND f(0_2) 0
 LO BOUND f(0_3) 0
 LO BOUND f(0_4) 0
 LO BOUND f(0_5) 0
 LO BOUND f(0_6) 0
 LO BOUND f(0_7) 0
 BV BOUND b(0_0)
 BV BOUND b(0_1)
 BV BOUND b(0_2)
 BV BOUND b(0_3)
 BV BOUND b(0_4)
 BV BOUND b(0_5)
 BV BOUND b(0_6)
 BV BOUND b(0_7)
 FR BOUND t
ENDATA
