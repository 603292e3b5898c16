"""NIST CAVP vectors of every mode as uniform cases for the core tests.

A case is what the device sees (mode, operation, key, nonce, AAD, data, tag)
and what the NIST file says must come out (data, tag, or an authentication
failure).  `sample` picks a spread subset: the first records of every section
of every file, so each key size, nonce, AAD, payload and tag length in the
files is exercised even when only a few records per section run.  `check`
is the one place that decides whether a core's answer to a case is right, for
the tests, the demo and the benchmarks alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from mccp.ref import vectors
from mccp.isa import load
from mccp.aes.modes import MODES, build_task, split_output

STATUS = {s["name"]: s["code"] for s in load().status_codes}


@dataclass(frozen=True)
class Case:
    name: str
    mode: str
    op: str                 # encrypt / decrypt / mac / verify
    key: bytes
    data: bytes             # input payload (or message)
    nonce: bytes = b""
    aad: bytes = b""
    tag: bytes = b""        # input tag (decrypt / verify)
    tag_len: int = 0
    expect_data: bytes = b""
    expect_tag: bytes = b""
    expect_fail: bool = False


def _section_key(rec: dict) -> tuple:
    return tuple(sorted((k, v) for k, v in rec.items() if isinstance(v, str) and k != "result"))


def ecb_cbc_cases(mode: str) -> list[Case]:
    out = []
    upper = mode.upper()
    for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
        for bits in (128, 192, 256):
            name = f"{upper}{kind}{bits}.rsp"
            for rec in vectors.parse(vectors.aes_file(upper, name)):
                enc = rec["direction"] == "encrypt"
                pt, ct = rec["plaintext"], rec["ciphertext"]
                out.append(Case(f"{name}#{rec['direction']}{rec['count']}", mode,
                                "encrypt" if enc else "decrypt", rec["key"], pt if enc else ct,
                                nonce=rec.get("iv", b""), expect_data=ct if enc else pt))
    return out


def ctr_cases() -> list[Case]:
    out = []
    for bits in (128, 192, 256):
        path = vectors.aes_file("CTR", f"aes-{bits}-ctr.txt")
        for rec in vectors.parse(path):
            out.append(Case(f"{path.name}#{rec['count']}", "ctr", "encrypt", rec["key"], rec["plaintext"],
                            nonce=rec["iv"], expect_data=rec["ciphertext"]))
            out.append(Case(f"{path.name}#dec{rec['count']}", "ctr", "decrypt", rec["key"], rec["ciphertext"],
                            nonce=rec["iv"], expect_data=rec["plaintext"]))
    return out


def gcm_cases() -> list[Case]:
    out = []
    for bits in (128, 192, 256):
        for name in (f"gcmEncryptExtIV{bits}.rsp", f"gcmDecrypt{bits}.rsp"):
            for rec in vectors.parse(vectors.aes_file("GCM", name)):
                tl = int(rec["taglen"]) // 8
                if name.startswith("gcmEncrypt"):
                    out.append(Case(f"{name}#{rec['count']}/{_section_key(rec)}", "gcm", "encrypt", rec["key"],
                                    rec["pt"], rec["iv"], rec["aad"], tag_len=tl,
                                    expect_data=rec["ct"], expect_tag=rec["tag"]))
                else:
                    fail = bool(rec.get("fail"))
                    out.append(Case(f"{name}#{rec['count']}/{_section_key(rec)}", "gcm", "decrypt", rec["key"],
                                    rec["ct"], rec["iv"], rec["aad"], rec["tag"], tl,
                                    expect_data=b"" if fail else rec["pt"], expect_fail=fail))
    return out


def ccm_cases() -> list[Case]:
    out = []
    for bits in (128, 192, 256):
        for kind in ("VADT", "VNT", "VPT", "VTT"):
            name = f"{kind}{bits}.rsp"
            for rec in vectors.parse(vectors.aes_file("CCM", name), sticky=True):
                alen, plen, tlen = int(rec["alen"]), int(rec["plen"]), int(rec["tlen"])
                aad, pt = rec["adata"][:alen], rec["payload"][:plen]
                out.append(Case(f"{name}#{rec['count']}/{_section_key(rec)}", "ccm", "encrypt", rec["key"], pt,
                                rec["nonce"], aad, tag_len=tlen, expect_data=rec["ct"][:plen],
                                expect_tag=rec["ct"][plen:]))
        name = f"DVPT{bits}.rsp"
        for rec in vectors.parse(vectors.aes_file("CCM", name), sticky=True):
            alen, plen, tlen = int(rec["alen"]), int(rec["plen"]), int(rec["tlen"])
            fail = rec["result"].startswith("Fail")
            out.append(Case(f"{name}#{rec['count']}/{_section_key(rec)}", "ccm", "decrypt", rec["key"],
                            rec["ct"][:plen], rec["nonce"], rec["adata"][:alen], rec["ct"][plen:], tlen,
                            expect_data=b"" if fail else rec["payload"][:plen], expect_fail=fail))
    return out


def cmac_cases() -> list[Case]:
    out = []
    for bits in (128, 192, 256):
        path = vectors.cavp_root() / "CMAC" / f"nist-800-38b-aes{bits}.txt"
        for rec in vectors.parse(path):
            for tl in (16, 8, 4):
                out.append(Case(f"{path.name}#{rec['count']}/t{tl}", "cmac", "mac", rec["key"], rec["message"],
                                tag_len=tl, expect_tag=rec["output"][:tl]))
            out.append(Case(f"{path.name}#{rec['count']}/verify", "cmac", "verify", rec["key"], rec["message"],
                            tag=rec["output"], tag_len=16))
    return out


def all_cases() -> dict[str, list[Case]]:
    return {"ecb": ecb_cbc_cases("ecb"), "cbc": ecb_cbc_cases("cbc"), "ctr": ctr_cases(),
            "gcm": gcm_cases(), "ccm": ccm_cases(), "cmac": cmac_cases()}


def sample(cases: list[Case], per_section: int) -> list[Case]:
    """The first `per_section` cases of every file section (name up to '#', plus the section key)."""
    def section(c: Case) -> str:
        file, _, rest = c.name.partition("#")
        return file + rest.partition("/")[2] + c.op
    out = []
    for _, group in groupby(cases, key=section):
        out.extend(list(group)[:per_section])
    return out


def task_for(entries: dict[str, int], case):
    return build_task(entries, case.mode, case.op, case.data, case.nonce, case.aad, case.tag, case.tag_len)


def check(case, status: int, output: bytes) -> None:
    """Assert the core's status and output bytes for `case`."""
    if case.expect_fail:
        assert status == STATUS["AUTH_FAIL"], f"{case.name}: status {status}, expected AUTH_FAIL"
        assert output == b"", f"{case.name}: a failed tag released {len(output)} bytes"
        return
    assert status == STATUS["OK"], f"{case.name}: status {status}, expected OK"
    data, tag = split_output(case.mode, case.op, output, len(case.data), case.tag_len)
    m = MODES[case.mode]
    if not (m.mac_only and case.op == "verify"):
        assert data == case.expect_data, f"{case.name}: data {data.hex()} != {case.expect_data.hex()}"
    if case.op in ("encrypt", "mac") and (m.aead or m.mac_only):
        assert tag == case.expect_tag, f"{case.name}: tag {tag.hex()} != {case.expect_tag.hex()}"
