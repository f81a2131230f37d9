* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME oef-efficiency-paper-eq6
OBJSENSE
 MAX
ROWS
 N  total_efficiency
 L  c_u_capacity(0)_
 L  c_u_capacity(1)_
COLUMNS
     x(0_0) total_efficiency 1
     x(0_0) c_u_capacity(0)_ 1
     x(0_1) total_efficiency 2
     x(0_1) c_u_capacity(1)_ 1
     x(1_0) total_efficiency 1
     x(1_0) c_u_capacity(0)_ 1
     x(1_1) total_efficiency 5
     x(1_1) c_u_capacity(1)_ 1
RHS
     RHS c_u_capacity(0)_ 1
     RHS c_u_capacity(1)_ 1
BOUNDS
 LO BOUND x(0_0) 0
 LO BOUND x(0_1) 0
 LO BOUND x(1_0) 0
 LO BOUND x(1_1) 0
ENDATA
