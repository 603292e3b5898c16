"""cocotb bench for rtl/soc/mccp_soc_wb2axil.sv (Wishbone single accesses -> AXI4-Lite).

A Wishbone master issues random reads and writes (random word addresses, byte selects and
data, idle gaps or back to back); an AXI4-Lite slave model takes AW, W and AR with random
READY (so AW and W handshake in either order or together), answers after a random delay,
and answers SLVERR or DECERR for a set of "bad" addresses.  Checked: each access makes
exactly one AXI transaction with its address, data and strobes; VALID and its payload hold
until the handshake; the access ends with exactly one ACK (OKAY) or ERR (SLVERR / DECERR),
a read's data is the slave's; no ACK / ERR outside an access.

Every signal is driven on the falling edge and handshakes are judged in the ReadOnly phase
after it (the bridge has no path from an input to an output within a cycle).  Knobs:
WB2AXIL_ACCESSES, WB2AXIL_SEED.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

M32 = 0xFFFFFFFF


def slave_data(addr: int) -> int:
    return (addr * 0x9E3779B1 + 0x1234567) & M32


@cocotb.test()
async def random_accesses(dut):
    rng = random.Random(int(os.environ.get("WB2AXIL_SEED", "1")))
    n_access = int(os.environ.get("WB2AXIL_ACCESSES", "400"))
    bad = {a: rng.choice([2, 3]) for a in rng.sample(range(1024), 200)}      # word address -> resp

    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for sig in ("stb_i", "we_i", "adr_i", "sel_i", "dat_i", "awready_i", "wready_i", "bvalid_i",
                "bresp_i", "arready_i", "rvalid_i", "rdata_i", "rresp_i"):
        getattr(dut, sig).value = 0
    dut.rst_ni.value = 0
    for _ in range(3):
        await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1

    accesses = [(rng.random() < 0.5, rng.randrange(1024), rng.randrange(1, 16), rng.getrandbits(32))
                for _ in range(n_access)]
    done = 0
    cur = None              # the access on the bus: (we, adr, sel, dat)
    gap = 0
    # slave state
    aw = w = ar = None      # captured payloads of the outstanding transaction
    resp_wait = -1          # cycles until the response is raised
    b_on = r_on = False
    prev = {}               # last cycle's VALID and payload of each channel, for the hold rule
    transactions = 0

    for cycle in range(n_access * 40):
        await FallingEdge(dut.clk_i)
        # Wishbone master: a new access after a gap (0: back to back with the last ACK)
        if cur is None and done < n_access:
            if gap == 0:
                cur = accesses[done]
                dut.stb_i.value, dut.we_i.value = 1, int(cur[0])
                dut.adr_i.value, dut.sel_i.value, dut.dat_i.value = cur[1], cur[2], cur[3]
            else:
                gap -= 1
                dut.stb_i.value = 0
        # AXI slave
        dut.awready_i.value = int(rng.random() < 0.5)
        dut.wready_i.value = int(rng.random() < 0.5)
        dut.arready_i.value = int(rng.random() < 0.5)
        if resp_wait == 0:
            if aw is not None:
                b_on = True
                dut.bresp_i.value = bad.get(aw >> 2, 0)
            else:
                r_on = True
                dut.rresp_i.value = bad.get(ar >> 2, 0)
                dut.rdata_i.value = slave_data(ar)
        dut.bvalid_i.value = int(b_on)
        dut.rvalid_i.value = int(r_on)
        if resp_wait >= 0:
            resp_wait -= 1

        await ReadOnly()
        v = {ch: int(getattr(dut, f"{ch}valid_o").value) for ch in ("aw", "w", "ar")}
        pay = {"aw": int(dut.awaddr_o.value), "ar": int(dut.araddr_o.value),
               "w": (int(dut.wdata_o.value), int(dut.wstrb_o.value))}
        rdy = {"aw": int(dut.awready_i.value), "w": int(dut.wready_i.value), "ar": int(dut.arready_i.value)}
        for ch in ("aw", "w", "ar"):
            if prev.get(ch):     # raised and not taken last cycle: must hold, payload unchanged
                assert v[ch] and pay[ch] == prev[ch], f"cycle {cycle}: {ch} dropped or changed before its handshake"
            prev[ch] = pay[ch] if v[ch] and not rdy[ch] else None
        if v["aw"] and rdy["aw"]:
            assert aw is None and ar is None, f"cycle {cycle}: a second AW"
            aw = pay["aw"]
        if v["w"] and rdy["w"]:
            assert w is None and ar is None, f"cycle {cycle}: a second W"
            w = pay["w"]
        if v["ar"] and rdy["ar"]:
            assert ar is None and aw is None and w is None, f"cycle {cycle}: a second AR"
            ar = pay["ar"]
            resp_wait = rng.randrange(0, 4)
            transactions += 1
        if aw is not None and w is not None and resp_wait < 0 and not b_on:
            resp_wait = rng.randrange(0, 4)
            transactions += 1
        b_fire = b_on and int(dut.bready_o.value)
        r_fire = r_on and int(dut.rready_o.value)

        ack, err = int(dut.ack_o.value), int(dut.err_o.value)
        if cur is None:
            assert not ack and not err, f"cycle {cycle}: ACK/ERR with no access"
        elif ack or err:
            assert not (ack and err), f"cycle {cycle}: ACK and ERR together"
            we, adr, sel, dat = cur
            expect_err = adr in bad
            assert bool(err) == expect_err, f"access {done} ({'write' if we else 'read'} 0x{adr << 2:03x}): " \
                                            f"{'ERR' if err else 'ACK'}, expected {'ERR' if expect_err else 'ACK'}"
            if not we and not err:
                assert int(dut.dat_o.value) == slave_data(adr << 2), f"access {done}: read data"
            assert transactions == done + 1, f"access {done}: {transactions} AXI transactions so far"
            done += 1
            cur = None
            gap = rng.choice([0, 0, 1, 3])
        if b_fire:
            we, adr, sel, dat = accesses[done - 1] if cur is None else cur
            assert aw == adr << 2 and w == (dat, sel), f"write {done}: AXI saw 0x{aw:03x} {w}"
            aw = w = None
            b_on = False
        if r_fire:
            ar = None
            r_on = False
        if done == n_access:
            break

    assert done == n_access, f"only {done} of {n_access} accesses ended"

