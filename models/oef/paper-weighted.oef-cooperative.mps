* Source:     Pyomo MPS Writer
* Format:     Free MPS
*
NAME oef-cooperative-paper-weighted
OBJSENSE
 MAX
ROWS
 N  total_efficiency
 L  c_u_capacity(0)_
 L  c_u_capacity(1)_
 L  c_u_envy_free(0_1)_
 L  c_u_envy_free(1_0)_
COLUMNS
     x(0_0) total_efficiency 1
     x(0_0) c_u_capacity(0)_ 1
     x(0_0) c_u_envy_free(0_1)_ -2
     x(0_0) c_u_envy_free(1_0)_ 2
     x(0_1) total_efficiency 2
     x(0_1) c_u_capacity(1)_ 1
     x(0_1) c_u_envy_free(0_1)_ -4
     x(0_1) c_u_envy_free(1_0)_ 10
     x(1_0) total_efficiency 1
     x(1_0) c_u_capacity(0)_ 1
     x(1_0) c_u_envy_free(0_1)_ 1
     x(1_0) c_u_envy_free(1_0)_ -1
     x(1_1) total_efficiency 5
     x(1_1) c_u_capacity(1)_ 1
     x(1_1) c_u_envy_free(0_1)_ 2
     x(1_1) c_u_envy_free(1_0)_ -5
RHS
     RHS c_u_capacity(0)_ 1
     RHS c_u_capacity(1)_ 1
     RHS c_u_envy_free(0_1)_ 0
     RHS c_u_envy_free(1_0)_ 0
BOUNDS
 LO BOUND x(0_0) 0
 LO BOUND x(0_1) 0
 LO BOUND x(1_0) 0
 LO BOUND x(1_1) 0
ENDATA
