"""Figures of paper 000 (Grand et al., MCCP for SDR base-stations: section 4.3 and Table 2)
that MCCP's measurements are set beside.  Quoted, never measured here."""

# The paper's loop times (cycles per 128-bit block, AES-128) and pre/post-loop
# invariant costs, section 4.3; 8 more cycles per block for each longer key.
PAPER_LOOP = {"gcm": 49, "ctr": 49, "cbc-mac": 55, "ccm": 104}


PAPER_FIXED = {"gcm": 337, "ccm": 710}


PAPER_CLOCK_MHZ = 190


# Table 2: Mbps at 190 MHz, theoretical / 2 KB packet, one core per packet.
PAPER_TABLE2 = {"gcm": {"128": (496, 437), "192": (426, 382), "256": (374, 337)},
                "ccm": {"128": (233, 214), "192": (202, 187), "256": (178, 171)}}

