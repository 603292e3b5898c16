"""Device builds that several test modules share, so that make test compiles each Verilator
model once (mccp.device.build caches a model by its parameters)."""

# one AES core, two ARX elements, a 4 x 4 micro-core grid and the coprocessor port:
# tests/arx/test_arx_device.py, tests/ugrid/test_ugrid_device.py, tests/fabric/test_cop.py
MIXED = {"cores": 1, "arx_units": 2, "ugrids": 1, "buf_bytes": 4096, "coprocessor": 1}
