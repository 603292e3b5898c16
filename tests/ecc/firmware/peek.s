; A probe of the lock-step bench (tests/ecc/tb_ecc_pu.py): a task that only writes out
; every field register, to show what it sees of the registers the task before it left.
; Registers read as zero until a task writes them (docs/ecc.md "Task start"), so its
; output is all zero whatever ran before.
.entry peek
peek:
    fout    f0
    fout    f1
    fout    f2
    fout    f3
    fout    f4
    fout    f5
    fout    f6
    fout    f7
    fout    f8
    fout    f9
    fout    f10
    fout    f11
    fout    f12
    fout    f13
    fout    f14
    fout    f15
    done    OK
