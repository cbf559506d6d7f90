"""TOS world adventures: nine two-halved region cards on a 3 x 3 grid (T-18 ... T-22)."""
