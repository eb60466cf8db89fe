"""The room's screen page and the state it polls."""
