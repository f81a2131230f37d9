* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME ojpp-patterns-golden-o1
OBJSENSE
 MIN
ROWS
 N  devices_used
 E  c_e_cover(0)_
 E  c_e_cover(1)_
 E  c_e_cover(2)_
 L  c_u_budget_
 E  c_e_one_band(1)_
 L  c_u_in_band(1)_
 L  c_u_in_band(2)_
 L  c_u_in_band(3)_
 L  c_u_in_band(4)_
COLUMNS
     lam(0) devices_used 1
     lam(0) c_e_cover(2)_ 1
     lam(0) c_u_budget_ 1
     lam(1) devices_used 1
     lam(1) c_e_cover(2)_ 2
     lam(1) c_u_budget_ 1
     lam(2) devices_used 1
     lam(2) c_e_cover(1)_ 1
     lam(2) c_u_budget_ 1
     lam(2) c_u_in_band(1)_ 1
     lam(3) devices_used 1
     lam(3) c_e_cover(1)_ 1
     lam(3) c_e_cover(2)_ 1
     lam(3) c_u_budget_ 1
     lam(3) c_u_in_band(2)_ 1
     lam(4) devices_used 1
     lam(4) c_e_cover(1)_ 1
     lam(4) c_e_cover(2)_ 2
     lam(4) c_u_budget_ 1
     lam(4) c_u_in_band(3)_ 1
     lam(5) devices_used 1
     lam(5) c_e_cover(1)_ 2
     lam(5) c_u_budget_ 1
     lam(5) c_u_in_band(4)_ 1
     lam(6) devices_used 1
     lam(6) c_e_cover(0)_ 1
     lam(6) c_u_budget_ 1
     beta(1_0) c_e_one_band(1)_ 1
     beta(1_0) c_u_in_band(1)_ -3
     beta(1_0) c_u_in_band(2)_ -3
     beta(1_0) c_u_in_band(4)_ -1
     beta(1_1) c_e_one_band(1)_ 1
     beta(1_1) c_u_in_band(2)_ -3
     beta(1_1) c_u_in_band(4)_ -1
     beta(1_2) c_e_one_band(1)_ 1
     beta(1_2) c_u_in_band(2)_ -3
     beta(1_2) c_u_in_band(3)_ -3
     beta(1_3) c_e_one_band(1)_ 1
     beta(1_3) c_u_in_band(3)_ -3
RHS
     RHS c_e_cover(0)_ 2
     RHS c_e_cover(1)_ 3
     RHS c_e_cover(2)_ 2
     RHS c_u_budget_ 7
     RHS c_e_one_band(1)_ 1
     RHS c_u_in_band(1)_ 0
     RHS c_u_in_band(2)_ 0
     RHS c_u_in_band(3)_ 0
     RHS c_u_in_band(4)_ 0
BOUNDS
 LI BOUND lam(0) 0
 UI BOUND lam(0) 2
 LI BOUND lam(1) 0
 UI BOUND lam(1) 1
 LI BOUND lam(2) 0
 UI BOUND lam(2) 3
 LI BOUND lam(3) 0
 UI BOUND lam(3) 2
 LI BOUND lam(4) 0
 UI BOUND lam(4) 1
 LI BOUND lam(5) 0
 UI BOUND lam(5) 1
 LI BOUND lam(6) 0
 UI BOUND lam(6) 2
 BV BOUND beta(1_0)
 BV BOUND beta(1_1)
 BV BOUND beta(1_2)
 BV BOUND beta(1_3)
ENDATA
