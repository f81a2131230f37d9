* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME ojpp-compact-golden-o1
OBJSENSE
 MIN
ROWS
 N  devices_used
 E  c_e_assign(0)_
 E  c_e_assign(1)_
 E  c_e_assign(2)_
 L  c_u_link_lo(0_0)_
 L  c_u_link_lo(0_1)_
 L  c_u_link_lo(0_2)_
 L  c_u_link_lo(0_3)_
 L  c_u_link_lo(0_4)_
 L  c_u_link_lo(0_5)_
 L  c_u_link_lo(0_6)_
 L  c_u_link_lo(1_0)_
 L  c_u_link_lo(1_1)_
 L  c_u_link_lo(1_2)_
 L  c_u_link_lo(1_3)_
 L  c_u_link_lo(1_4)_
 L  c_u_link_lo(1_5)_
 L  c_u_link_lo(1_6)_
 L  c_u_link_lo(2_0)_
 L  c_u_link_lo(2_1)_
 L  c_u_link_lo(2_2)_
 L  c_u_link_lo(2_3)_
 L  c_u_link_lo(2_4)_
 L  c_u_link_lo(2_5)_
 L  c_u_link_lo(2_6)_
 L  c_u_link_hi(0_0)_
 L  c_u_link_hi(0_1)_
 L  c_u_link_hi(0_2)_
 L  c_u_link_hi(0_3)_
 L  c_u_link_hi(0_4)_
 L  c_u_link_hi(0_5)_
 L  c_u_link_hi(0_6)_
 L  c_u_link_hi(1_0)_
 L  c_u_link_hi(1_1)_
 L  c_u_link_hi(1_2)_
 L  c_u_link_hi(1_3)_
 L  c_u_link_hi(1_4)_
 L  c_u_link_hi(1_5)_
 L  c_u_link_hi(1_6)_
 L  c_u_link_hi(2_0)_
 L  c_u_link_hi(2_1)_
 L  c_u_link_hi(2_2)_
 L  c_u_link_hi(2_3)_
 L  c_u_link_hi(2_4)_
 L  c_u_link_hi(2_5)_
 L  c_u_link_hi(2_6)_
 L  c_u_link_x(0_0)_
 L  c_u_link_x(0_1)_
 L  c_u_link_x(0_2)_
 L  c_u_link_x(0_3)_
 L  c_u_link_x(0_4)_
 L  c_u_link_x(0_5)_
 L  c_u_link_x(0_6)_
 L  c_u_link_x(1_0)_
 L  c_u_link_x(1_1)_
 L  c_u_link_x(1_2)_
 L  c_u_link_x(1_3)_
 L  c_u_link_x(1_4)_
 L  c_u_link_x(1_5)_
 L  c_u_link_x(1_6)_
 L  c_u_link_x(2_0)_
 L  c_u_link_x(2_1)_
 L  c_u_link_x(2_2)_
 L  c_u_link_x(2_3)_
 L  c_u_link_x(2_4)_
 L  c_u_link_x(2_5)_
 L  c_u_link_x(2_6)_
 L  c_u_resource(0_0)_
 L  c_u_resource(0_1)_
 L  c_u_resource(0_2)_
 L  c_u_resource(0_3)_
 L  c_u_resource(0_4)_
 L  c_u_resource(0_5)_
 L  c_u_resource(0_6)_
 L  c_u_memory(_1_0)_
 L  c_u_memory(_1_1)_
 L  c_u_memory(_1_2)_
 L  c_u_memory(_1_3)_
 L  c_u_memory(_1_4)_
 L  c_u_memory(_1_5)_
 L  c_u_memory(_1_6)_
 L  c_u_memory(0_0)_
 L  c_u_memory(0_1)_
 L  c_u_memory(0_2)_
 L  c_u_memory(0_3)_
 L  c_u_memory(0_4)_
 L  c_u_memory(0_5)_
 L  c_u_memory(0_6)_
 L  c_u_memory(1_0)_
 L  c_u_memory(1_1)_
 L  c_u_memory(1_2)_
 L  c_u_memory(1_3)_
 L  c_u_memory(1_4)_
 L  c_u_memory(1_5)_
 L  c_u_memory(1_6)_
 L  c_u_memory(2_0)_
 L  c_u_memory(2_1)_
 L  c_u_memory(2_2)_
 L  c_u_memory(2_3)_
 L  c_u_memory(2_4)_
 L  c_u_memory(2_5)_
 L  c_u_memory(2_6)_
 L  c_u_interference_cap(0_0)_
 L  c_u_interference_cap(0_1)_
 L  c_u_interference_cap(0_2)_
 L  c_u_interference_cap(0_3)_
 L  c_u_interference_cap(0_4)_
 L  c_u_interference_cap(0_5)_
 L  c_u_interference_cap(0_6)_
 L  c_u_interference_cap(1_0)_
 L  c_u_interference_cap(1_1)_
 L  c_u_interference_cap(1_2)_
 L  c_u_interference_cap(1_3)_
 L  c_u_interference_cap(1_4)_
 L  c_u_interference_cap(1_5)_
 L  c_u_interference_cap(1_6)_
 L  c_u_interference_cap(2_0)_
 L  c_u_interference_cap(2_1)_
 L  c_u_interference_cap(2_2)_
 L  c_u_interference_cap(2_3)_
 L  c_u_interference_cap(2_4)_
 L  c_u_interference_cap(2_5)_
 L  c_u_interference_cap(2_6)_
 L  c_u_balance_hi(0_0)_
 L  c_u_balance_hi(0_1)_
 L  c_u_balance_hi(0_2)_
 L  c_u_balance_hi(0_3)_
 L  c_u_balance_hi(0_4)_
 L  c_u_balance_hi(0_5)_
 L  c_u_balance_hi(0_6)_
 L  c_u_balance_hi(1_0)_
 L  c_u_balance_hi(1_1)_
 L  c_u_balance_hi(1_2)_
 L  c_u_balance_hi(1_3)_
 L  c_u_balance_hi(1_4)_
 L  c_u_balance_hi(1_5)_
 L  c_u_balance_hi(1_6)_
 L  c_u_balance_hi(2_0)_
 L  c_u_balance_hi(2_1)_
 L  c_u_balance_hi(2_2)_
 L  c_u_balance_hi(2_3)_
 L  c_u_balance_hi(2_4)_
 L  c_u_balance_hi(2_5)_
 L  c_u_balance_hi(2_6)_
 L  c_u_balance_lo(0_0)_
 L  c_u_balance_lo(0_1)_
 L  c_u_balance_lo(0_2)_
 L  c_u_balance_lo(0_3)_
 L  c_u_balance_lo(0_4)_
 L  c_u_balance_lo(0_5)_
 L  c_u_balance_lo(0_6)_
 L  c_u_balance_lo(1_0)_
 L  c_u_balance_lo(1_1)_
 L  c_u_balance_lo(1_2)_
 L  c_u_balance_lo(1_3)_
 L  c_u_balance_lo(1_4)_
 L  c_u_balance_lo(1_5)_
 L  c_u_balance_lo(1_6)_
 L  c_u_balance_lo(2_0)_
 L  c_u_balance_lo(2_1)_
 L  c_u_balance_lo(2_2)_
 L  c_u_balance_lo(2_3)_
 L  c_u_balance_lo(2_4)_
 L  c_u_balance_lo(2_5)_
 L  c_u_balance_lo(2_6)_
 L  c_u_balance(0)_
 L  c_u_balance(1)_
 L  c_u_balance(2)_
 L  c_u_symmetry(0)_
 L  c_u_symmetry(1)_
 L  c_u_symmetry(2)_
 L  c_u_symmetry(3)_
 L  c_u_symmetry(4)_
 L  c_u_symmetry(5)_
 G  c_l_volume_bound_
 L  c_u_redundant(1)_
 L  c_u_redundant(2)_
 L  c_u_redundant(3)_
 L  c_u_redundant(4)_
 L  c_u_redundant(5)_
 L  c_u_redundant(6)_
 L  c_u_redundant(7)_
 L  c_u_collision_cuts(1)_
 L  c_u_collision_cuts(2)_
 L  c_u_collision_cuts(3)_
 L  c_u_collision_cuts(4)_
 L  c_u_collision_cuts(5)_
 L  c_u_collision_cuts(6)_
 L  c_u_collision_cuts(7)_
 L  c_u_collision_cuts(8)_
 L  c_u_collision_cuts(9)_
 L  c_u_collision_cuts(10)_
 L  c_u_collision_cuts(11)_
 L  c_u_collision_cuts(12)_
 L  c_u_collision_cuts(13)_
 L  c_u_collision_cuts(14)_
 L  c_u_ge_links(1)_
 L  c_u_ge_links(2)_
 L  c_u_ge_links(3)_
 L  c_u_ge_links(4)_
 L  c_u_ge_links(5)_
 L  c_u_ge_links(6)_
 L  c_u_ge_links(7)_
 L  c_u_ge_links(8)_
 L  c_u_ge_links(9)_
 L  c_u_ge_links(10)_
 L  c_u_ge_links(11)_
 L  c_u_ge_links(12)_
 L  c_u_ge_links(13)_
 L  c_u_ge_links(14)_
 L  c_u_ge_links(15)_
 L  c_u_ge_links(16)_
 L  c_u_ge_links(17)_
 L  c_u_ge_links(18)_
 L  c_u_ge_links(19)_
 L  c_u_ge_links(20)_
 L  c_u_ge_links(21)_
 L  c_u_ge_links(22)_
 L  c_u_ge_links(23)_
 L  c_u_ge_links(24)_
 L  c_u_ge_links(25)_
 L  c_u_ge_links(26)_
 L  c_u_ge_links(27)_
 L  c_u_ge_links(28)_
COLUMNS
     y(0_0) c_e_assign(0)_ 1
     y(0_0) c_u_link_lo(0_0)_ -1
     y(0_0) c_u_link_hi(0_0)_ 1
     y(0_0) c_u_resource(0_0)_ 0.5
     y(0_0) c_u_memory(_1_0)_ 0.29999999999999999
     y(0_0) c_u_memory(0_0)_ 0.29999999999999999
     y(0_0) c_u_memory(1_0)_ 0.29999999999999999
     y(0_0) c_u_memory(2_0)_ 0.29999999999999999
     y(0_0) c_u_interference_cap(0_0)_ 0.14999999999999999
     y(0_0) c_u_interference_cap(1_0)_ 0.10000000000000001
     y(0_0) c_u_interference_cap(2_0)_ 0.02
     y(0_0) c_u_balance_hi(0_0)_ 0.14999999999999999
     y(0_0) c_u_balance_hi(1_0)_ 0.10000000000000001
     y(0_0) c_u_balance_hi(2_0)_ 0.02
     y(0_0) c_u_balance_lo(0_0)_ -0.14999999999999999
     y(0_0) c_u_balance_lo(1_0)_ -0.10000000000000001
     y(0_0) c_u_balance_lo(2_0)_ -0.02
     y(0_0) c_u_redundant(1)_ 1
     y(0_1) c_e_assign(0)_ 1
     y(0_1) c_u_link_lo(0_1)_ -1
     y(0_1) c_u_link_hi(0_1)_ 1
     y(0_1) c_u_resource(0_1)_ 0.5
     y(0_1) c_u_memory(_1_1)_ 0.29999999999999999
     y(0_1) c_u_memory(0_1)_ 0.29999999999999999
     y(0_1) c_u_memory(1_1)_ 0.29999999999999999
     y(0_1) c_u_memory(2_1)_ 0.29999999999999999
     y(0_1) c_u_interference_cap(0_1)_ 0.14999999999999999
     y(0_1) c_u_interference_cap(1_1)_ 0.10000000000000001
     y(0_1) c_u_interference_cap(2_1)_ 0.02
     y(0_1) c_u_balance_hi(0_1)_ 0.14999999999999999
     y(0_1) c_u_balance_hi(1_1)_ 0.10000000000000001
     y(0_1) c_u_balance_hi(2_1)_ 0.02
     y(0_1) c_u_balance_lo(0_1)_ -0.14999999999999999
     y(0_1) c_u_balance_lo(1_1)_ -0.10000000000000001
     y(0_1) c_u_balance_lo(2_1)_ -0.02
     y(0_1) c_u_redundant(2)_ 1
     y(1_0) c_e_assign(1)_ 1
     y(1_0) c_u_link_lo(1_0)_ -1
     y(1_0) c_u_link_hi(1_0)_ 1
     y(1_0) c_u_resource(0_0)_ 0.29999999999999999
     y(1_0) c_u_memory(_1_0)_ 0.20000000000000001
     y(1_0) c_u_memory(0_0)_ 0.20000000000000001
     y(1_0) c_u_memory(1_0)_ 0.20000000000000001
     y(1_0) c_u_memory(2_0)_ 0.20000000000000001
     y(1_0) c_u_interference_cap(0_0)_ 0.25
     y(1_0) c_u_interference_cap(1_0)_ 0.050000000000000003
     y(1_0) c_u_interference_cap(2_0)_ 0.059999999999999998
     y(1_0) c_u_balance_hi(0_0)_ 0.25
     y(1_0) c_u_balance_hi(1_0)_ 0.050000000000000003
     y(1_0) c_u_balance_hi(2_0)_ 0.059999999999999998
     y(1_0) c_u_balance_lo(0_0)_ -0.25
     y(1_0) c_u_balance_lo(1_0)_ -0.050000000000000003
     y(1_0) c_u_balance_lo(2_0)_ -0.059999999999999998
     y(1_0) c_u_redundant(1)_ 1
     y(1_0) c_u_ge_links(1)_ -1
     y(1_0) c_u_ge_links(2)_ 1
     y(1_0) c_u_ge_links(15)_ -1
     y(1_0) c_u_ge_links(16)_ 1
     y(1_1) c_e_assign(1)_ 1
     y(1_1) c_u_link_lo(1_1)_ -1
     y(1_1) c_u_link_hi(1_1)_ 1
     y(1_1) c_u_resource(0_1)_ 0.29999999999999999
     y(1_1) c_u_memory(_1_1)_ 0.20000000000000001
     y(1_1) c_u_memory(0_1)_ 0.20000000000000001
     y(1_1) c_u_memory(1_1)_ 0.20000000000000001
     y(1_1) c_u_memory(2_1)_ 0.20000000000000001
     y(1_1) c_u_interference_cap(0_1)_ 0.25
     y(1_1) c_u_interference_cap(1_1)_ 0.050000000000000003
     y(1_1) c_u_interference_cap(2_1)_ 0.059999999999999998
     y(1_1) c_u_balance_hi(0_1)_ 0.25
     y(1_1) c_u_balance_hi(1_1)_ 0.050000000000000003
     y(1_1) c_u_balance_hi(2_1)_ 0.059999999999999998
     y(1_1) c_u_balance_lo(0_1)_ -0.25
     y(1_1) c_u_balance_lo(1_1)_ -0.050000000000000003
     y(1_1) c_u_balance_lo(2_1)_ -0.059999999999999998
     y(1_1) c_u_redundant(2)_ 1
     y(1_1) c_u_ge_links(3)_ -1
     y(1_1) c_u_ge_links(4)_ 1
     y(1_1) c_u_ge_links(17)_ -1
     y(1_1) c_u_ge_links(18)_ 1
     y(1_2) c_e_assign(1)_ 1
     y(1_2) c_u_link_lo(1_2)_ -1
     y(1_2) c_u_link_hi(1_2)_ 1
     y(1_2) c_u_resource(0_2)_ 0.29999999999999999
     y(1_2) c_u_memory(_1_2)_ 0.20000000000000001
     y(1_2) c_u_memory(0_2)_ 0.20000000000000001
     y(1_2) c_u_memory(1_2)_ 0.20000000000000001
     y(1_2) c_u_memory(2_2)_ 0.20000000000000001
     y(1_2) c_u_interference_cap(0_2)_ 0.25
     y(1_2) c_u_interference_cap(1_2)_ 0.050000000000000003
     y(1_2) c_u_interference_cap(2_2)_ 0.059999999999999998
     y(1_2) c_u_balance_hi(0_2)_ 0.25
     y(1_2) c_u_balance_hi(1_2)_ 0.050000000000000003
     y(1_2) c_u_balance_hi(2_2)_ 0.059999999999999998
     y(1_2) c_u_balance_lo(0_2)_ -0.25
     y(1_2) c_u_balance_lo(1_2)_ -0.050000000000000003
     y(1_2) c_u_balance_lo(2_2)_ -0.059999999999999998
     y(1_2) c_u_redundant(3)_ 1
     y(1_2) c_u_ge_links(5)_ -1
     y(1_2) c_u_ge_links(6)_ 1
     y(1_2) c_u_ge_links(19)_ -1
     y(1_2) c_u_ge_links(20)_ 1
     y(1_3) c_e_assign(1)_ 1
     y(1_3) c_u_link_lo(1_3)_ -1
     y(1_3) c_u_link_hi(1_3)_ 1
     y(1_3) c_u_resource(0_3)_ 0.29999999999999999
     y(1_3) c_u_memory(_1_3)_ 0.20000000000000001
     y(1_3) c_u_memory(0_3)_ 0.20000000000000001
     y(1_3) c_u_memory(1_3)_ 0.20000000000000001
     y(1_3) c_u_memory(2_3)_ 0.20000000000000001
     y(1_3) c_u_interference_cap(0_3)_ 0.25
     y(1_3) c_u_interference_cap(1_3)_ 0.050000000000000003
     y(1_3) c_u_interference_cap(2_3)_ 0.059999999999999998
     y(1_3) c_u_balance_hi(0_3)_ 0.25
     y(1_3) c_u_balance_hi(1_3)_ 0.050000000000000003
     y(1_3) c_u_balance_hi(2_3)_ 0.059999999999999998
     y(1_3) c_u_balance_lo(0_3)_ -0.25
     y(1_3) c_u_balance_lo(1_3)_ -0.050000000000000003
     y(1_3) c_u_balance_lo(2_3)_ -0.059999999999999998
     y(1_3) c_u_redundant(4)_ 1
     y(1_3) c_u_ge_links(7)_ -1
     y(1_3) c_u_ge_links(8)_ 1
     y(1_3) c_u_ge_links(21)_ -1
     y(1_3) c_u_ge_links(22)_ 1
     y(1_4) c_e_assign(1)_ 1
     y(1_4) c_u_link_lo(1_4)_ -1
     y(1_4) c_u_link_hi(1_4)_ 1
     y(1_4) c_u_resource(0_4)_ 0.29999999999999999
     y(1_4) c_u_memory(_1_4)_ 0.20000000000000001
     y(1_4) c_u_memory(0_4)_ 0.20000000000000001
     y(1_4) c_u_memory(1_4)_ 0.20000000000000001
     y(1_4) c_u_memory(2_4)_ 0.20000000000000001
     y(1_4) c_u_interference_cap(0_4)_ 0.25
     y(1_4) c_u_interference_cap(1_4)_ 0.050000000000000003
     y(1_4) c_u_interference_cap(2_4)_ 0.059999999999999998
     y(1_4) c_u_balance_hi(0_4)_ 0.25
     y(1_4) c_u_balance_hi(1_4)_ 0.050000000000000003
     y(1_4) c_u_balance_hi(2_4)_ 0.059999999999999998
     y(1_4) c_u_balance_lo(0_4)_ -0.25
     y(1_4) c_u_balance_lo(1_4)_ -0.050000000000000003
     y(1_4) c_u_balance_lo(2_4)_ -0.059999999999999998
     y(1_4) c_u_redundant(5)_ 1
     y(1_4) c_u_ge_links(9)_ -1
     y(1_4) c_u_ge_links(10)_ 1
     y(1_4) c_u_ge_links(23)_ -1
     y(1_4) c_u_ge_links(24)_ 1
     y(2_0) c_e_assign(2)_ 1
     y(2_0) c_u_link_lo(2_0)_ -1
     y(2_0) c_u_link_hi(2_0)_ 1
     y(2_0) c_u_resource(0_0)_ 0.20000000000000001
     y(2_0) c_u_memory(_1_0)_ 0.10000000000000001
     y(2_0) c_u_memory(0_0)_ 0.10000000000000001
     y(2_0) c_u_memory(1_0)_ 0.10000000000000001
     y(2_0) c_u_memory(2_0)_ 0.10000000000000001
     y(2_0) c_u_interference_cap(0_0)_ 0.050000000000000003
     y(2_0) c_u_interference_cap(1_0)_ 0.080000000000000002
     y(2_0) c_u_interference_cap(2_0)_ 0.040000000000000001
     y(2_0) c_u_balance_hi(0_0)_ 0.050000000000000003
     y(2_0) c_u_balance_hi(1_0)_ 0.080000000000000002
     y(2_0) c_u_balance_hi(2_0)_ 0.040000000000000001
     y(2_0) c_u_balance_lo(0_0)_ -0.050000000000000003
     y(2_0) c_u_balance_lo(1_0)_ -0.080000000000000002
     y(2_0) c_u_balance_lo(2_0)_ -0.040000000000000001
     y(2_0) c_u_redundant(1)_ 1
     y(2_1) c_e_assign(2)_ 1
     y(2_1) c_u_link_lo(2_1)_ -1
     y(2_1) c_u_link_hi(2_1)_ 1
     y(2_1) c_u_resource(0_1)_ 0.20000000000000001
     y(2_1) c_u_memory(_1_1)_ 0.10000000000000001
     y(2_1) c_u_memory(0_1)_ 0.10000000000000001
     y(2_1) c_u_memory(1_1)_ 0.10000000000000001
     y(2_1) c_u_memory(2_1)_ 0.10000000000000001
     y(2_1) c_u_interference_cap(0_1)_ 0.050000000000000003
     y(2_1) c_u_interference_cap(1_1)_ 0.080000000000000002
     y(2_1) c_u_interference_cap(2_1)_ 0.040000000000000001
     y(2_1) c_u_balance_hi(0_1)_ 0.050000000000000003
     y(2_1) c_u_balance_hi(1_1)_ 0.080000000000000002
     y(2_1) c_u_balance_hi(2_1)_ 0.040000000000000001
     y(2_1) c_u_balance_lo(0_1)_ -0.050000000000000003
     y(2_1) c_u_balance_lo(1_1)_ -0.080000000000000002
     y(2_1) c_u_balance_lo(2_1)_ -0.040000000000000001
     y(2_1) c_u_redundant(2)_ 1
     y(2_2) c_e_assign(2)_ 1
     y(2_2) c_u_link_lo(2_2)_ -1
     y(2_2) c_u_link_hi(2_2)_ 1
     y(2_2) c_u_resource(0_2)_ 0.20000000000000001
     y(2_2) c_u_memory(_1_2)_ 0.10000000000000001
     y(2_2) c_u_memory(0_2)_ 0.10000000000000001
     y(2_2) c_u_memory(1_2)_ 0.10000000000000001
     y(2_2) c_u_memory(2_2)_ 0.10000000000000001
     y(2_2) c_u_interference_cap(0_2)_ 0.050000000000000003
     y(2_2) c_u_interference_cap(1_2)_ 0.080000000000000002
     y(2_2) c_u_interference_cap(2_2)_ 0.040000000000000001
     y(2_2) c_u_balance_hi(0_2)_ 0.050000000000000003
     y(2_2) c_u_balance_hi(1_2)_ 0.080000000000000002
     y(2_2) c_u_balance_hi(2_2)_ 0.040000000000000001
     y(2_2) c_u_balance_lo(0_2)_ -0.050000000000000003
     y(2_2) c_u_balance_lo(1_2)_ -0.080000000000000002
     y(2_2) c_u_balance_lo(2_2)_ -0.040000000000000001
     y(2_2) c_u_redundant(3)_ 1
     y(2_3) c_e_assign(2)_ 1
     y(2_3) c_u_link_lo(2_3)_ -1
     y(2_3) c_u_link_hi(2_3)_ 1
     y(2_3) c_u_resource(0_3)_ 0.20000000000000001
     y(2_3) c_u_memory(_1_3)_ 0.10000000000000001
     y(2_3) c_u_memory(0_3)_ 0.10000000000000001
     y(2_3) c_u_memory(1_3)_ 0.10000000000000001
     y(2_3) c_u_memory(2_3)_ 0.10000000000000001
     y(2_3) c_u_interference_cap(0_3)_ 0.050000000000000003
     y(2_3) c_u_interference_cap(1_3)_ 0.080000000000000002
     y(2_3) c_u_interference_cap(2_3)_ 0.040000000000000001
     y(2_3) c_u_balance_hi(0_3)_ 0.050000000000000003
     y(2_3) c_u_balance_hi(1_3)_ 0.080000000000000002
     y(2_3) c_u_balance_hi(2_3)_ 0.040000000000000001
     y(2_3) c_u_balance_lo(0_3)_ -0.050000000000000003
     y(2_3) c_u_balance_lo(1_3)_ -0.080000000000000002
     y(2_3) c_u_balance_lo(2_3)_ -0.040000000000000001
     y(2_3) c_u_redundant(4)_ 1
     y(2_4) c_e_assign(2)_ 1
     y(2_4) c_u_link_lo(2_4)_ -1
     y(2_4) c_u_link_hi(2_4)_ 1
     y(2_4) c_u_resource(0_4)_ 0.20000000000000001
     y(2_4) c_u_memory(_1_4)_ 0.10000000000000001
     y(2_4) c_u_memory(0_4)_ 0.10000000000000001
     y(2_4) c_u_memory(1_4)_ 0.10000000000000001
     y(2_4) c_u_memory(2_4)_ 0.10000000000000001
     y(2_4) c_u_interference_cap(0_4)_ 0.050000000000000003
     y(2_4) c_u_interference_cap(1_4)_ 0.080000000000000002
     y(2_4) c_u_interference_cap(2_4)_ 0.040000000000000001
     y(2_4) c_u_balance_hi(0_4)_ 0.050000000000000003
     y(2_4) c_u_balance_hi(1_4)_ 0.080000000000000002
     y(2_4) c_u_balance_hi(2_4)_ 0.040000000000000001
     y(2_4) c_u_balance_lo(0_4)_ -0.050000000000000003
     y(2_4) c_u_balance_lo(1_4)_ -0.080000000000000002
     y(2_4) c_u_balance_lo(2_4)_ -0.040000000000000001
     y(2_4) c_u_redundant(5)_ 1
     y(2_5) c_e_assign(2)_ 1
     y(2_5) c_u_link_lo(2_5)_ -1
     y(2_5) c_u_link_hi(2_5)_ 1
     y(2_5) c_u_resource(0_5)_ 0.20000000000000001
     y(2_5) c_u_memory(_1_5)_ 0.10000000000000001
     y(2_5) c_u_memory(0_5)_ 0.10000000000000001
     y(2_5) c_u_memory(1_5)_ 0.10000000000000001
     y(2_5) c_u_memory(2_5)_ 0.10000000000000001
     y(2_5) c_u_interference_cap(0_5)_ 0.050000000000000003
     y(2_5) c_u_interference_cap(1_5)_ 0.080000000000000002
     y(2_5) c_u_interference_cap(2_5)_ 0.040000000000000001
     y(2_5) c_u_balance_hi(0_5)_ 0.050000000000000003
     y(2_5) c_u_balance_hi(1_5)_ 0.080000000000000002
     y(2_5) c_u_balance_hi(2_5)_ 0.040000000000000001
     y(2_5) c_u_balance_lo(0_5)_ -0.050000000000000003
     y(2_5) c_u_balance_lo(1_5)_ -0.080000000000000002
     y(2_5) c_u_balance_lo(2_5)_ -0.040000000000000001
     y(2_5) c_u_redundant(6)_ 1
     y(2_6) c_e_assign(2)_ 1
     y(2_6) c_u_link_lo(2_6)_ -1
     y(2_6) c_u_link_hi(2_6)_ 1
     y(2_6) c_u_resource(0_6)_ 0.20000000000000001
     y(2_6) c_u_memory(_1_6)_ 0.10000000000000001
     y(2_6) c_u_memory(0_6)_ 0.10000000000000001
     y(2_6) c_u_memory(1_6)_ 0.10000000000000001
     y(2_6) c_u_memory(2_6)_ 0.10000000000000001
     y(2_6) c_u_interference_cap(0_6)_ 0.050000000000000003
     y(2_6) c_u_interference_cap(1_6)_ 0.080000000000000002
     y(2_6) c_u_interference_cap(2_6)_ 0.040000000000000001
     y(2_6) c_u_balance_hi(0_6)_ 0.050000000000000003
     y(2_6) c_u_balance_hi(1_6)_ 0.080000000000000002
     y(2_6) c_u_balance_hi(2_6)_ 0.040000000000000001
     y(2_6) c_u_balance_lo(0_6)_ -0.050000000000000003
     y(2_6) c_u_balance_lo(1_6)_ -0.080000000000000002
     y(2_6) c_u_balance_lo(2_6)_ -0.040000000000000001
     y(2_6) c_u_redundant(7)_ 1
     u(0_0) c_u_link_lo(0_0)_ 1
     u(0_0) c_u_link_hi(0_0)_ -2
     u(0_0) c_u_link_x(0_0)_ 1
     u(0_0) c_u_memory(0_0)_ 0.62
     u(0_0) c_u_interference_cap(0_0)_ 1.1500000000000001
     u(0_0) c_u_balance_hi(0_0)_ 2.2999999999999998
     u(0_0) c_u_balance_lo(0_0)_ 2.2999999999999998
     u(0_1) c_u_link_lo(0_1)_ 1
     u(0_1) c_u_link_hi(0_1)_ -2
     u(0_1) c_u_link_x(0_1)_ 1
     u(0_1) c_u_memory(0_1)_ 0.62
     u(0_1) c_u_interference_cap(0_1)_ 1.1500000000000001
     u(0_1) c_u_balance_hi(0_1)_ 2.2999999999999998
     u(0_1) c_u_balance_lo(0_1)_ 2.2999999999999998
     u(0_2) c_u_link_lo(0_2)_ 1
     u(0_2) c_u_link_hi(0_2)_ -2
     u(0_2) c_u_link_x(0_2)_ 1
     u(0_2) c_u_memory(0_2)_ 0.62
     u(0_2) c_u_interference_cap(0_2)_ 1.1500000000000001
     u(0_2) c_u_balance_hi(0_2)_ 2.2999999999999998
     u(0_2) c_u_balance_lo(0_2)_ 2.2999999999999998
     u(0_3) c_u_link_lo(0_3)_ 1
     u(0_3) c_u_link_hi(0_3)_ -2
     u(0_3) c_u_link_x(0_3)_ 1
     u(0_3) c_u_memory(0_3)_ 0.62
     u(0_3) c_u_interference_cap(0_3)_ 1.1500000000000001
     u(0_3) c_u_balance_hi(0_3)_ 2.2999999999999998
     u(0_3) c_u_balance_lo(0_3)_ 2.2999999999999998
     u(0_4) c_u_link_lo(0_4)_ 1
     u(0_4) c_u_link_hi(0_4)_ -2
     u(0_4) c_u_link_x(0_4)_ 1
     u(0_4) c_u_memory(0_4)_ 0.62
     u(0_4) c_u_interference_cap(0_4)_ 1.1500000000000001
     u(0_4) c_u_balance_hi(0_4)_ 2.2999999999999998
     u(0_4) c_u_balance_lo(0_4)_ 2.2999999999999998
     u(0_5) c_u_link_lo(0_5)_ 1
     u(0_5) c_u_link_hi(0_5)_ -2
     u(0_5) c_u_link_x(0_5)_ 1
     u(0_5) c_u_memory(0_5)_ 0.62
     u(0_5) c_u_interference_cap(0_5)_ 1.1500000000000001
     u(0_5) c_u_balance_hi(0_5)_ 2.2999999999999998
     u(0_5) c_u_balance_lo(0_5)_ 2.2999999999999998
     u(0_6) c_u_link_lo(0_6)_ 1
     u(0_6) c_u_link_hi(0_6)_ -2
     u(0_6) c_u_link_x(0_6)_ 1
     u(0_6) c_u_memory(0_6)_ 0.62
     u(0_6) c_u_interference_cap(0_6)_ 1.1500000000000001
     u(0_6) c_u_balance_hi(0_6)_ 2.2999999999999998
     u(0_6) c_u_balance_lo(0_6)_ 2.2999999999999998
     u(1_0) c_u_link_lo(1_0)_ 1
     u(1_0) c_u_link_hi(1_0)_ -3
     u(1_0) c_u_link_x(1_0)_ 1
     u(1_0) c_u_memory(1_0)_ 0.29999999999999999
     u(1_0) c_u_interference_cap(1_0)_ 0.51000000000000001
     u(1_0) c_u_balance_hi(1_0)_ 1.5600000000000001
     u(1_0) c_u_balance_lo(1_0)_ 1.5600000000000001
     u(1_1) c_u_link_lo(1_1)_ 1
     u(1_1) c_u_link_hi(1_1)_ -3
     u(1_1) c_u_link_x(1_1)_ 1
     u(1_1) c_u_memory(1_1)_ 0.29999999999999999
     u(1_1) c_u_interference_cap(1_1)_ 0.51000000000000001
     u(1_1) c_u_balance_hi(1_1)_ 1.5600000000000001
     u(1_1) c_u_balance_lo(1_1)_ 1.5600000000000001
     u(1_2) c_u_link_lo(1_2)_ 1
     u(1_2) c_u_link_hi(1_2)_ -3
     u(1_2) c_u_link_x(1_2)_ 1
     u(1_2) c_u_memory(1_2)_ 0.29999999999999999
     u(1_2) c_u_interference_cap(1_2)_ 0.51000000000000001
     u(1_2) c_u_balance_hi(1_2)_ 1.5600000000000001
     u(1_2) c_u_balance_lo(1_2)_ 1.5600000000000001
     u(1_3) c_u_link_lo(1_3)_ 1
     u(1_3) c_u_link_hi(1_3)_ -3
     u(1_3) c_u_link_x(1_3)_ 1
     u(1_3) c_u_memory(1_3)_ 0.29999999999999999
     u(1_3) c_u_interference_cap(1_3)_ 0.51000000000000001
     u(1_3) c_u_balance_hi(1_3)_ 1.5600000000000001
     u(1_3) c_u_balance_lo(1_3)_ 1.5600000000000001
     u(1_4) c_u_link_lo(1_4)_ 1
     u(1_4) c_u_link_hi(1_4)_ -3
     u(1_4) c_u_link_x(1_4)_ 1
     u(1_4) c_u_memory(1_4)_ 0.29999999999999999
     u(1_4) c_u_interference_cap(1_4)_ 0.51000000000000001
     u(1_4) c_u_balance_hi(1_4)_ 1.5600000000000001
     u(1_4) c_u_balance_lo(1_4)_ 1.5600000000000001
     u(1_5) c_u_link_lo(1_5)_ 1
     u(1_5) c_u_link_hi(1_5)_ -3
     u(1_5) c_u_link_x(1_5)_ 1
     u(1_5) c_u_memory(1_5)_ 0.29999999999999999
     u(1_5) c_u_interference_cap(1_5)_ 0.51000000000000001
     u(1_5) c_u_balance_hi(1_5)_ 1.5600000000000001
     u(1_5) c_u_balance_lo(1_5)_ 1.5600000000000001
     u(1_6) c_u_link_lo(1_6)_ 1
     u(1_6) c_u_link_hi(1_6)_ -3
     u(1_6) c_u_link_x(1_6)_ 1
     u(1_6) c_u_memory(1_6)_ 0.29999999999999999
     u(1_6) c_u_interference_cap(1_6)_ 0.51000000000000001
     u(1_6) c_u_balance_hi(1_6)_ 1.5600000000000001
     u(1_6) c_u_balance_lo(1_6)_ 1.5600000000000001
     u(2_0) c_u_link_lo(2_0)_ 1
     u(2_0) c_u_link_hi(2_0)_ -2
     u(2_0) c_u_link_x(2_0)_ 1
     u(2_0) c_u_memory(2_0)_ 0.20000000000000001
     u(2_0) c_u_interference_cap(2_0)_ 0.29999999999999999
     u(2_0) c_u_balance_hi(2_0)_ 1.3399999999999999
     u(2_0) c_u_balance_lo(2_0)_ 1.3399999999999999
     u(2_0) c_u_collision_cuts(1)_ 1
     u(2_1) c_u_link_lo(2_1)_ 1
     u(2_1) c_u_link_hi(2_1)_ -2
     u(2_1) c_u_link_x(2_1)_ 1
     u(2_1) c_u_memory(2_1)_ 0.20000000000000001
     u(2_1) c_u_interference_cap(2_1)_ 0.29999999999999999
     u(2_1) c_u_balance_hi(2_1)_ 1.3399999999999999
     u(2_1) c_u_balance_lo(2_1)_ 1.3399999999999999
     u(2_1) c_u_collision_cuts(2)_ 1
     u(2_2) c_u_link_lo(2_2)_ 1
     u(2_2) c_u_link_hi(2_2)_ -2
     u(2_2) c_u_link_x(2_2)_ 1
     u(2_2) c_u_memory(2_2)_ 0.20000000000000001
     u(2_2) c_u_interference_cap(2_2)_ 0.29999999999999999
     u(2_2) c_u_balance_hi(2_2)_ 1.3399999999999999
     u(2_2) c_u_balance_lo(2_2)_ 1.3399999999999999
     u(2_2) c_u_collision_cuts(3)_ 1
     u(2_3) c_u_link_lo(2_3)_ 1
     u(2_3) c_u_link_hi(2_3)_ -2
     u(2_3) c_u_link_x(2_3)_ 1
     u(2_3) c_u_memory(2_3)_ 0.20000000000000001
     u(2_3) c_u_interference_cap(2_3)_ 0.29999999999999999
     u(2_3) c_u_balance_hi(2_3)_ 1.3399999999999999
     u(2_3) c_u_balance_lo(2_3)_ 1.3399999999999999
     u(2_3) c_u_collision_cuts(4)_ 1
     u(2_4) c_u_link_lo(2_4)_ 1
     u(2_4) c_u_link_hi(2_4)_ -2
     u(2_4) c_u_link_x(2_4)_ 1
     u(2_4) c_u_memory(2_4)_ 0.20000000000000001
     u(2_4) c_u_interference_cap(2_4)_ 0.29999999999999999
     u(2_4) c_u_balance_hi(2_4)_ 1.3399999999999999
     u(2_4) c_u_balance_lo(2_4)_ 1.3399999999999999
     u(2_4) c_u_collision_cuts(5)_ 1
     u(2_5) c_u_link_lo(2_5)_ 1
     u(2_5) c_u_link_hi(2_5)_ -2
     u(2_5) c_u_link_x(2_5)_ 1
     u(2_5) c_u_memory(2_5)_ 0.20000000000000001
     u(2_5) c_u_interference_cap(2_5)_ 0.29999999999999999
     u(2_5) c_u_balance_hi(2_5)_ 1.3399999999999999
     u(2_5) c_u_balance_lo(2_5)_ 1.3399999999999999
     u(2_5) c_u_collision_cuts(6)_ 1
     u(2_6) c_u_link_lo(2_6)_ 1
     u(2_6) c_u_link_hi(2_6)_ -2
     u(2_6) c_u_link_x(2_6)_ 1
     u(2_6) c_u_memory(2_6)_ 0.20000000000000001
     u(2_6) c_u_interference_cap(2_6)_ 0.29999999999999999
     u(2_6) c_u_balance_hi(2_6)_ 1.3399999999999999
     u(2_6) c_u_balance_lo(2_6)_ 1.3399999999999999
     u(2_6) c_u_collision_cuts(7)_ 1
     x(0) devices_used 1
     x(0) c_u_link_x(0_0)_ -1
     x(0) c_u_link_x(1_0)_ -1
     x(0) c_u_link_x(2_0)_ -1
     x(0) c_u_resource(0_0)_ -1
     x(0) c_u_memory(_1_0)_ -1
     x(0) c_u_memory(0_0)_ -1
     x(0) c_u_memory(1_0)_ -1
     x(0) c_u_memory(2_0)_ -1
     x(0) c_u_symmetry(0)_ -1
     x(0) c_l_volume_bound_ 1
     x(0) c_u_redundant(1)_ -4
     x(1) devices_used 1
     x(1) c_u_link_x(0_1)_ -1
     x(1) c_u_link_x(1_1)_ -1
     x(1) c_u_link_x(2_1)_ -1
     x(1) c_u_resource(0_1)_ -1
     x(1) c_u_memory(_1_1)_ -1
     x(1) c_u_memory(0_1)_ -1
     x(1) c_u_memory(1_1)_ -1
     x(1) c_u_memory(2_1)_ -1
     x(1) c_u_symmetry(0)_ 1
     x(1) c_u_symmetry(1)_ -1
     x(1) c_l_volume_bound_ 1
     x(1) c_u_redundant(2)_ -4
     x(2) devices_used 1
     x(2) c_u_link_x(0_2)_ -1
     x(2) c_u_link_x(1_2)_ -1
     x(2) c_u_link_x(2_2)_ -1
     x(2) c_u_resource(0_2)_ -1
     x(2) c_u_memory(_1_2)_ -1
     x(2) c_u_memory(0_2)_ -1
     x(2) c_u_memory(1_2)_ -1
     x(2) c_u_memory(2_2)_ -1
     x(2) c_u_symmetry(1)_ 1
     x(2) c_u_symmetry(2)_ -1
     x(2) c_l_volume_bound_ 1
     x(2) c_u_redundant(3)_ -4
     x(3) devices_used 1
     x(3) c_u_link_x(0_3)_ -1
     x(3) c_u_link_x(1_3)_ -1
     x(3) c_u_link_x(2_3)_ -1
     x(3) c_u_resource(0_3)_ -1
     x(3) c_u_memory(_1_3)_ -1
     x(3) c_u_memory(0_3)_ -1
     x(3) c_u_memory(1_3)_ -1
     x(3) c_u_memory(2_3)_ -1
     x(3) c_u_symmetry(2)_ 1
     x(3) c_u_symmetry(3)_ -1
     x(3) c_l_volume_bound_ 1
     x(3) c_u_redundant(4)_ -4
     x(4) devices_used 1
     x(4) c_u_link_x(0_4)_ -1
     x(4) c_u_link_x(1_4)_ -1
     x(4) c_u_link_x(2_4)_ -1
     x(4) c_u_resource(0_4)_ -1
     x(4) c_u_memory(_1_4)_ -1
     x(4) c_u_memory(0_4)_ -1
     x(4) c_u_memory(1_4)_ -1
     x(4) c_u_memory(2_4)_ -1
     x(4) c_u_symmetry(3)_ 1
     x(4) c_u_symmetry(4)_ -1
     x(4) c_l_volume_bound_ 1
     x(4) c_u_redundant(5)_ -4
     x(5) devices_used 1
     x(5) c_u_link_x(0_5)_ -1
     x(5) c_u_link_x(1_5)_ -1
     x(5) c_u_link_x(2_5)_ -1
     x(5) c_u_resource(0_5)_ -1
     x(5) c_u_memory(_1_5)_ -1
     x(5) c_u_memory(0_5)_ -1
     x(5) c_u_memory(1_5)_ -1
     x(5) c_u_memory(2_5)_ -1
     x(5) c_u_symmetry(4)_ 1
     x(5) c_u_symmetry(5)_ -1
     x(5) c_l_volume_bound_ 1
     x(5) c_u_redundant(6)_ -4
     x(6) devices_used 1
     x(6) c_u_link_x(0_6)_ -1
     x(6) c_u_link_x(1_6)_ -1
     x(6) c_u_link_x(2_6)_ -1
     x(6) c_u_resource(0_6)_ -1
     x(6) c_u_memory(_1_6)_ -1
     x(6) c_u_memory(0_6)_ -1
     x(6) c_u_memory(1_6)_ -1
     x(6) c_u_memory(2_6)_ -1
     x(6) c_u_symmetry(5)_ 1
     x(6) c_l_volume_bound_ 1
     x(6) c_u_redundant(7)_ -4
     smax(0) c_u_balance_hi(0_0)_ -1
     smax(0) c_u_balance_hi(0_1)_ -1
     smax(0) c_u_balance_hi(0_2)_ -1
     smax(0) c_u_balance_hi(0_3)_ -1
     smax(0) c_u_balance_hi(0_4)_ -1
     smax(0) c_u_balance_hi(0_5)_ -1
     smax(0) c_u_balance_hi(0_6)_ -1
     smax(0) c_u_balance(0)_ 1
     smax(1) c_u_balance_hi(1_0)_ -1
     smax(1) c_u_balance_hi(1_1)_ -1
     smax(1) c_u_balance_hi(1_2)_ -1
     smax(1) c_u_balance_hi(1_3)_ -1
     smax(1) c_u_balance_hi(1_4)_ -1
     smax(1) c_u_balance_hi(1_5)_ -1
     smax(1) c_u_balance_hi(1_6)_ -1
     smax(1) c_u_balance(1)_ 1
     smax(2) c_u_balance_hi(2_0)_ -1
     smax(2) c_u_balance_hi(2_1)_ -1
     smax(2) c_u_balance_hi(2_2)_ -1
     smax(2) c_u_balance_hi(2_3)_ -1
     smax(2) c_u_balance_hi(2_4)_ -1
     smax(2) c_u_balance_hi(2_5)_ -1
     smax(2) c_u_balance_hi(2_6)_ -1
     smax(2) c_u_balance(2)_ 1
     smin(0) c_u_balance_lo(0_0)_ 1
     smin(0) c_u_balance_lo(0_1)_ 1
     smin(0) c_u_balance_lo(0_2)_ 1
     smin(0) c_u_balance_lo(0_3)_ 1
     smin(0) c_u_balance_lo(0_4)_ 1
     smin(0) c_u_balance_lo(0_5)_ 1
     smin(0) c_u_balance_lo(0_6)_ 1
     smin(0) c_u_balance(0)_ -1
     smin(1) c_u_balance_lo(1_0)_ 1
     smin(1) c_u_balance_lo(1_1)_ 1
     smin(1) c_u_balance_lo(1_2)_ 1
     smin(1) c_u_balance_lo(1_3)_ 1
     smin(1) c_u_balance_lo(1_4)_ 1
     smin(1) c_u_balance_lo(1_5)_ 1
     smin(1) c_u_balance_lo(1_6)_ 1
     smin(1) c_u_balance(1)_ -1
     smin(2) c_u_balance_lo(2_0)_ 1
     smin(2) c_u_balance_lo(2_1)_ 1
     smin(2) c_u_balance_lo(2_2)_ 1
     smin(2) c_u_balance_lo(2_3)_ 1
     smin(2) c_u_balance_lo(2_4)_ 1
     smin(2) c_u_balance_lo(2_5)_ 1
     smin(2) c_u_balance_lo(2_6)_ 1
     smin(2) c_u_balance(2)_ -1
     ge(1_0_2) c_u_collision_cuts(1)_ 1
     ge(1_0_2) c_u_ge_links(1)_ 2
     ge(1_0_2) c_u_ge_links(2)_ -2
     ge(1_0_3) c_u_collision_cuts(8)_ 1
     ge(1_0_3) c_u_ge_links(15)_ 3
     ge(1_0_3) c_u_ge_links(16)_ -1
     ge(1_1_2) c_u_collision_cuts(2)_ 1
     ge(1_1_2) c_u_ge_links(3)_ 2
     ge(1_1_2) c_u_ge_links(4)_ -2
     ge(1_1_3) c_u_collision_cuts(9)_ 1
     ge(1_1_3) c_u_ge_links(17)_ 3
     ge(1_1_3) c_u_ge_links(18)_ -1
     ge(1_2_2) c_u_collision_cuts(3)_ 1
     ge(1_2_2) c_u_ge_links(5)_ 2
     ge(1_2_2) c_u_ge_links(6)_ -2
     ge(1_2_3) c_u_collision_cuts(10)_ 1
     ge(1_2_3) c_u_ge_links(19)_ 3
     ge(1_2_3) c_u_ge_links(20)_ -1
     ge(1_3_2) c_u_collision_cuts(4)_ 1
     ge(1_3_2) c_u_ge_links(7)_ 2
     ge(1_3_2) c_u_ge_links(8)_ -2
     ge(1_3_3) c_u_collision_cuts(11)_ 1
     ge(1_3_3) c_u_ge_links(21)_ 3
     ge(1_3_3) c_u_ge_links(22)_ -1
     ge(1_4_2) c_u_collision_cuts(5)_ 1
     ge(1_4_2) c_u_ge_links(9)_ 2
     ge(1_4_2) c_u_ge_links(10)_ -2
     ge(1_4_3) c_u_collision_cuts(12)_ 1
     ge(1_4_3) c_u_ge_links(23)_ 3
     ge(1_4_3) c_u_ge_links(24)_ -1
     ge(1_5_2) c_u_collision_cuts(6)_ 1
     ge(1_5_2) c_u_ge_links(11)_ 2
     ge(1_5_2) c_u_ge_links(12)_ -2
     ge(1_5_3) c_u_collision_cuts(13)_ 1
     ge(1_5_3) c_u_ge_links(25)_ 3
     ge(1_5_3) c_u_ge_links(26)_ -1
     ge(1_6_2) c_u_collision_cuts(7)_ 1
     ge(1_6_2) c_u_ge_links(13)_ 2
     ge(1_6_2) c_u_ge_links(14)_ -2
     ge(1_6_3) c_u_collision_cuts(14)_ 1
     ge(1_6_3) c_u_ge_links(27)_ 3
     ge(1_6_3) c_u_ge_links(28)_ -1
RHS
     RHS c_e_assign(0)_ 2
     RHS c_e_assign(1)_ 3
     RHS c_e_assign(2)_ 2
     RHS c_u_link_lo(0_0)_ 0
     RHS c_u_link_lo(0_1)_ 0
     RHS c_u_link_lo(0_2)_ 0
     RHS c_u_link_lo(0_3)_ 0
     RHS c_u_link_lo(0_4)_ 0
     RHS c_u_link_lo(0_5)_ 0
     RHS c_u_link_lo(0_6)_ 0
     RHS c_u_link_lo(1_0)_ 0
     RHS c_u_link_lo(1_1)_ 0
     RHS c_u_link_lo(1_2)_ 0
     RHS c_u_link_lo(1_3)_ 0
     RHS c_u_link_lo(1_4)_ 0
     RHS c_u_link_lo(1_5)_ 0
     RHS c_u_link_lo(1_6)_ 0
     RHS c_u_link_lo(2_0)_ 0
     RHS c_u_link_lo(2_1)_ 0
     RHS c_u_link_lo(2_2)_ 0
     RHS c_u_link_lo(2_3)_ 0
     RHS c_u_link_lo(2_4)_ 0
     RHS c_u_link_lo(2_5)_ 0
     RHS c_u_link_lo(2_6)_ 0
     RHS c_u_link_hi(0_0)_ 0
     RHS c_u_link_hi(0_1)_ 0
     RHS c_u_link_hi(0_2)_ 0
     RHS c_u_link_hi(0_3)_ 0
     RHS c_u_link_hi(0_4)_ 0
     RHS c_u_link_hi(0_5)_ 0
     RHS c_u_link_hi(0_6)_ 0
     RHS c_u_link_hi(1_0)_ 0
     RHS c_u_link_hi(1_1)_ 0
     RHS c_u_link_hi(1_2)_ 0
     RHS c_u_link_hi(1_3)_ 0
     RHS c_u_link_hi(1_4)_ 0
     RHS c_u_link_hi(1_5)_ 0
     RHS c_u_link_hi(1_6)_ 0
     RHS c_u_link_hi(2_0)_ 0
     RHS c_u_link_hi(2_1)_ 0
     RHS c_u_link_hi(2_2)_ 0
     RHS c_u_link_hi(2_3)_ 0
     RHS c_u_link_hi(2_4)_ 0
     RHS c_u_link_hi(2_5)_ 0
     RHS c_u_link_hi(2_6)_ 0
     RHS c_u_link_x(0_0)_ 0
     RHS c_u_link_x(0_1)_ 0
     RHS c_u_link_x(0_2)_ 0
     RHS c_u_link_x(0_3)_ 0
     RHS c_u_link_x(0_4)_ 0
     RHS c_u_link_x(0_5)_ 0
     RHS c_u_link_x(0_6)_ 0
     RHS c_u_link_x(1_0)_ 0
     RHS c_u_link_x(1_1)_ 0
     RHS c_u_link_x(1_2)_ 0
     RHS c_u_link_x(1_3)_ 0
     RHS c_u_link_x(1_4)_ 0
     RHS c_u_link_x(1_5)_ 0
     RHS c_u_link_x(1_6)_ 0
     RHS c_u_link_x(2_0)_ 0
     RHS c_u_link_x(2_1)_ 0
     RHS c_u_link_x(2_2)_ 0
     RHS c_u_link_x(2_3)_ 0
     RHS c_u_link_x(2_4)_ 0
     RHS c_u_link_x(2_5)_ 0
     RHS c_u_link_x(2_6)_ 0
     RHS c_u_resource(0_0)_ 0
     RHS c_u_resource(0_1)_ 0
     RHS c_u_resource(0_2)_ 0
     RHS c_u_resource(0_3)_ 0
     RHS c_u_resource(0_4)_ 0
     RHS c_u_resource(0_5)_ 0
     RHS c_u_resource(0_6)_ 0
     RHS c_u_memory(_1_0)_ 0
     RHS c_u_memory(_1_1)_ 0
     RHS c_u_memory(_1_2)_ 0
     RHS c_u_memory(_1_3)_ 0
     RHS c_u_memory(_1_4)_ 0
     RHS c_u_memory(_1_5)_ 0
     RHS c_u_memory(_1_6)_ 0
     RHS c_u_memory(0_0)_ 0
     RHS c_u_memory(0_1)_ 0
     RHS c_u_memory(0_2)_ 0
     RHS c_u_memory(0_3)_ 0
     RHS c_u_memory(0_4)_ 0
     RHS c_u_memory(0_5)_ 0
     RHS c_u_memory(0_6)_ 0
     RHS c_u_memory(1_0)_ 0
     RHS c_u_memory(1_1)_ 0
     RHS c_u_memory(1_2)_ 0
     RHS c_u_memory(1_3)_ 0
     RHS c_u_memory(1_4)_ 0
     RHS c_u_memory(1_5)_ 0
     RHS c_u_memory(1_6)_ 0
     RHS c_u_memory(2_0)_ 0
     RHS c_u_memory(2_1)_ 0
     RHS c_u_memory(2_2)_ 0
     RHS c_u_memory(2_3)_ 0
     RHS c_u_memory(2_4)_ 0
     RHS c_u_memory(2_5)_ 0
     RHS c_u_memory(2_6)_ 0
     RHS c_u_interference_cap(0_0)_ 1.5
     RHS c_u_interference_cap(0_1)_ 1.5
     RHS c_u_interference_cap(0_2)_ 1.5
     RHS c_u_interference_cap(0_3)_ 1.5
     RHS c_u_interference_cap(0_4)_ 1.5
     RHS c_u_interference_cap(0_5)_ 1.5
     RHS c_u_interference_cap(0_6)_ 1.5
     RHS c_u_interference_cap(1_0)_ 0.76000000000000001
     RHS c_u_interference_cap(1_1)_ 0.76000000000000001
     RHS c_u_interference_cap(1_2)_ 0.76000000000000001
     RHS c_u_interference_cap(1_3)_ 0.76000000000000001
     RHS c_u_interference_cap(1_4)_ 0.76000000000000001
     RHS c_u_interference_cap(1_5)_ 0.76000000000000001
     RHS c_u_interference_cap(1_6)_ 0.76000000000000001
     RHS c_u_interference_cap(2_0)_ 0.54000000000000004
     RHS c_u_interference_cap(2_1)_ 0.54000000000000004
     RHS c_u_interference_cap(2_2)_ 0.54000000000000004
     RHS c_u_interference_cap(2_3)_ 0.54000000000000004
     RHS c_u_interference_cap(2_4)_ 0.54000000000000004
     RHS c_u_interference_cap(2_5)_ 0.54000000000000004
     RHS c_u_interference_cap(2_6)_ 0.54000000000000004
     RHS c_u_balance_hi(0_0)_ 2.4499999999999997
     RHS c_u_balance_hi(0_1)_ 2.4499999999999997
     RHS c_u_balance_hi(0_2)_ 2.4499999999999997
     RHS c_u_balance_hi(0_3)_ 2.4499999999999997
     RHS c_u_balance_hi(0_4)_ 2.4499999999999997
     RHS c_u_balance_hi(0_5)_ 2.4499999999999997
     RHS c_u_balance_hi(0_6)_ 2.4499999999999997
     RHS c_u_balance_hi(1_0)_ 1.6100000000000001
     RHS c_u_balance_hi(1_1)_ 1.6100000000000001
     RHS c_u_balance_hi(1_2)_ 1.6100000000000001
     RHS c_u_balance_hi(1_3)_ 1.6100000000000001
     RHS c_u_balance_hi(1_4)_ 1.6100000000000001
     RHS c_u_balance_hi(1_5)_ 1.6100000000000001
     RHS c_u_balance_hi(1_6)_ 1.6100000000000001
     RHS c_u_balance_hi(2_0)_ 1.3799999999999999
     RHS c_u_balance_hi(2_1)_ 1.3799999999999999
     RHS c_u_balance_hi(2_2)_ 1.3799999999999999
     RHS c_u_balance_hi(2_3)_ 1.3799999999999999
     RHS c_u_balance_hi(2_4)_ 1.3799999999999999
     RHS c_u_balance_hi(2_5)_ 1.3799999999999999
     RHS c_u_balance_hi(2_6)_ 1.3799999999999999
     RHS c_u_balance_lo(0_0)_ 2.1499999999999999
     RHS c_u_balance_lo(0_1)_ 2.1499999999999999
     RHS c_u_balance_lo(0_2)_ 2.1499999999999999
     RHS c_u_balance_lo(0_3)_ 2.1499999999999999
     RHS c_u_balance_lo(0_4)_ 2.1499999999999999
     RHS c_u_balance_lo(0_5)_ 2.1499999999999999
     RHS c_u_balance_lo(0_6)_ 2.1499999999999999
     RHS c_u_balance_lo(1_0)_ 1.51
     RHS c_u_balance_lo(1_1)_ 1.51
     RHS c_u_balance_lo(1_2)_ 1.51
     RHS c_u_balance_lo(1_3)_ 1.51
     RHS c_u_balance_lo(1_4)_ 1.51
     RHS c_u_balance_lo(1_5)_ 1.51
     RHS c_u_balance_lo(1_6)_ 1.51
     RHS c_u_balance_lo(2_0)_ 1.2999999999999998
     RHS c_u_balance_lo(2_1)_ 1.2999999999999998
     RHS c_u_balance_lo(2_2)_ 1.2999999999999998
     RHS c_u_balance_lo(2_3)_ 1.2999999999999998
     RHS c_u_balance_lo(2_4)_ 1.2999999999999998
     RHS c_u_balance_lo(2_5)_ 1.2999999999999998
     RHS c_u_balance_lo(2_6)_ 1.2999999999999998
     RHS c_u_balance(0)_ 0.10000000000000001
     RHS c_u_balance(1)_ 0.10000000000000001
     RHS c_u_balance(2)_ 0.10000000000000001
     RHS c_u_symmetry(0)_ 0
     RHS c_u_symmetry(1)_ 0
     RHS c_u_symmetry(2)_ 0
     RHS c_u_symmetry(3)_ 0
     RHS c_u_symmetry(4)_ 0
     RHS c_u_symmetry(5)_ 0
     RHS c_l_volume_bound_ 3
     RHS c_u_redundant(1)_ 0
     RHS c_u_redundant(2)_ 0
     RHS c_u_redundant(3)_ 0
     RHS c_u_redundant(4)_ 0
     RHS c_u_redundant(5)_ 0
     RHS c_u_redundant(6)_ 0
     RHS c_u_redundant(7)_ 0
     RHS c_u_collision_cuts(1)_ 1
     RHS c_u_collision_cuts(2)_ 1
     RHS c_u_collision_cuts(3)_ 1
     RHS c_u_collision_cuts(4)_ 1
     RHS c_u_collision_cuts(5)_ 1
     RHS c_u_collision_cuts(6)_ 1
     RHS c_u_collision_cuts(7)_ 1
     RHS c_u_collision_cuts(8)_ 0
     RHS c_u_collision_cuts(9)_ 0
     RHS c_u_collision_cuts(10)_ 0
     RHS c_u_collision_cuts(11)_ 0
     RHS c_u_collision_cuts(12)_ 0
     RHS c_u_collision_cuts(13)_ 0
     RHS c_u_collision_cuts(14)_ 0
     RHS c_u_ge_links(1)_ 0
     RHS c_u_ge_links(2)_ 1
     RHS c_u_ge_links(3)_ 0
     RHS c_u_ge_links(4)_ 1
     RHS c_u_ge_links(5)_ 0
     RHS c_u_ge_links(6)_ 1
     RHS c_u_ge_links(7)_ 0
     RHS c_u_ge_links(8)_ 1
     RHS c_u_ge_links(9)_ 0
     RHS c_u_ge_links(10)_ 1
     RHS c_u_ge_links(11)_ 0
     RHS c_u_ge_links(12)_ 1
     RHS c_u_ge_links(13)_ 0
     RHS c_u_ge_links(14)_ 1
     RHS c_u_ge_links(15)_ 0
     RHS c_u_ge_links(16)_ 2
     RHS c_u_ge_links(17)_ 0
     RHS c_u_ge_links(18)_ 2
     RHS c_u_ge_links(19)_ 0
     RHS c_u_ge_links(20)_ 2
     RHS c_u_ge_links(21)_ 0
     RHS c_u_ge_links(22)_ 2
     RHS c_u_ge_links(23)_ 0
     RHS c_u_ge_links(24)_ 2
     RHS c_u_ge_links(25)_ 0
     RHS c_u_ge_links(26)_ 2
     RHS c_u_ge_links(27)_ 0
     RHS c_u_ge_links(28)_ 2
BOUNDS
 LI BOUND y(0_0) 0
 UI BOUND y(0_0) 2
 LI BOUND y(0_1) 0
 UI BOUND y(0_1) 2
 LI BOUND y(1_0) 0
 UI BOUND y(1_0) 3
 LI BOUND y(1_1) 0
 UI BOUND y(1_1) 3
 LI BOUND y(1_2) 0
 UI BOUND y(1_2) 3
 LI BOUND y(1_3) 0
 UI BOUND y(1_3) 3
 LI BOUND y(1_4) 0
 UI BOUND y(1_4) 3
 LI BOUND y(2_0) 0
 UI BOUND y(2_0) 2
 LI BOUND y(2_1) 0
 UI BOUND y(2_1) 2
 LI BOUND y(2_2) 0
 UI BOUND y(2_2) 2
 LI BOUND y(2_3) 0
 UI BOUND y(2_3) 2
 LI BOUND y(2_4) 0
 UI BOUND y(2_4) 2
 LI BOUND y(2_5) 0
 UI BOUND y(2_5) 2
 LI BOUND y(2_6) 0
 UI BOUND y(2_6) 2
 BV BOUND u(0_0)
 BV BOUND u(0_1)
 BV BOUND u(0_2)
 BV BOUND u(0_3)
 BV BOUND u(0_4)
 BV BOUND u(0_5)
 BV BOUND u(0_6)
 BV BOUND u(1_0)
 BV BOUND u(1_1)
 BV BOUND u(1_2)
 BV BOUND u(1_3)
 BV BOUND u(1_4)
 BV BOUND u(1_5)
 BV BOUND u(1_6)
 BV BOUND u(2_0)
 BV BOUND u(2_1)
 BV BOUND u(2_2)
 BV BOUND u(2_3)
 BV BOUND u(2_4)
 BV BOUND u(2_5)
 BV BOUND u(2_6)
 BV BOUND x(0)
 BV BOUND x(1)
 BV BOUND x(2)
 BV BOUND x(3)
 BV BOUND x(4)
 BV BOUND x(5)
 BV BOUND x(6)
 LO BOUND smax(0) 0
 LO BOUND smax(1) 0
 LO BOUND smax(2) 0
 LO BOUND smin(0) 0
 LO BOUND smin(1) 0
 LO BOUND smin(2) 0
 BV BOUND ge(1_0_2)
 BV BOUND ge(1_0_3)
 BV BOUND ge(1_1_2)
 BV BOUND ge(1_1_3)
 BV BOUND ge(1_2_2)
 BV BOUND ge(1_2_3)
 BV BOUND ge(1_3_2)
 BV BOUND ge(1_3_3)
 BV BOUND ge(1_4_2)
 BV BOUND ge(1_4_3)
 BV BOUND ge(1_5_2)
 BV BOUND ge(1_5_3)
 BV BOUND ge(1_6_2)
 BV BOUND ge(1_6_3)
ENDATA
