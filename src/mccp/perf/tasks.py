"""The paper's sporadic task model (section 5) on top of the transaction-level model.

A channel C_i is a sporadic task tau_i = (e_i, p_i, d_i): e_i the processing
delay of one of its packets on one core (here: the ISS's cycles for the
channel's packet shape), p_i the minimum delay between two of its packets,
d_i the deadline relative to the arrival.  The paper's analysis:

* allocable on m cores iff  sum e_i / p_i <= m                       (2)
* alpha = sum e_i / pmax_i, pmax_i the channel's physical minimum     (3)
* an allocable set: p_i = alpha / m * pmax_i                          (4)

which ignores the fabric (the paper's crossbar; here the serial input and
output streams, key loads, head-of-line blocking).  The TLM measures the alpha
the fabric really needs: with every channel backlogged and its share of the
packets proportional to 1/e_i (so all channels run at the same fraction of
their pmax = e_i, as in the paper's section 6.3), the steady-state core
utilisation eta = sum e_k / (m T) gives alpha = n / eta (= n when the fabric
costs nothing: the 1/x law of Fig. 3).  `maintainable()` checks a scaled set
with sporadic arrivals directly, and `deadline_stats()` measures deadline
misses per scheduler policy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mccp.perf import costs
from mccp.perf.tlm import Channel, Config, Packet, Model, shape_of


@dataclass(frozen=True)
class Task:
    e: float       # cycles per packet on one core
    p: float       # minimum inter-arrival (cycles)
    d: float       # relative deadline (cycles)
    bits: int = 0  # payload bits per packet


def utilisation(tasks: list[Task]) -> float:
    return sum(t.e / t.p for t in tasks)


def allocable(tasks: list[Task], m: int) -> bool:
    """Condition (2) of the paper."""
    return utilisation(tasks) <= m


def alpha(e: list[float], pmax: list[float]) -> float:
    """Equation (3)."""
    return sum(ei / pi for ei, pi in zip(e, pmax))


def scaled_periods(pmax: list[float], a: float, m: int) -> list[float]:
    """Equation (4): p_i = alpha/m * pmax_i, the arrival delays at which the set just fills the m cores
    (below pmax_i when alpha < m: the paper's 3460 Mbps for one channel on 8 cores reads so)."""
    return [a / m * p for p in pmax]


def throughput_bits_per_cycle(tasks: list[Task]) -> float:
    return sum(t.bits / t.p for t in tasks)


def channel_cost(ch: Channel, payload: int, paper_cores: bool = False) -> int:
    """e_i: the core's cycles for one packet of the channel (ISS; or the paper's core).  A split CCM
    channel too: its packet's cost on one core (a split packet holds two cores for about half of it)."""
    fn = costs.paper_cost if paper_cores else costs.cost
    return fn(shape_of(ch, Packet(0, payload))).cycles


def measured_alpha(cfg: Config, channels: list[Channel], payload: int = 2048, packets: int | None = None,
                   seed: int = 1) -> dict:
    """alpha under saturation (all channels backlogged, shares proportional to 1/e_i)."""
    rng = random.Random(seed)
    n, m = len(channels), cfg.cores
    e = [channel_cost(ch, payload, cfg.paper_cores) for ch in channels]
    count = packets or max(60, 30 * m + 10 * n)
    seq = rng.choices(range(n), weights=[1 / x for x in e], k=count)
    res = Model(cfg, channels).run([Packet(c, payload) for c in seq])
    exits = sorted(p.exit for p in res)
    skip = min(2 * m, count // 4)               # leave out the fill ...
    t0, t1 = exits[skip], exits[-1 - min(m, count // 8)]   # ... and the drain
    work = sum(e[p.channel] for p in res if t0 < p.exit <= t1)
    eta = work / (m * (t1 - t0))
    bits = sum(8 * payload for p in res if t0 < p.exit <= t1)
    lat = sorted(p.latency for p in res)
    return {"alpha": n / eta, "eta": eta, "bits_per_cycle": bits / (t1 - t0), "e": e,
            "key_loads": sum(p.key_load for p in res) / count, "latency_median": lat[len(lat) // 2],
            "packets": count}


def sporadic_packets(channels: list[Channel], periods: list[float], horizon: int, payload,
                     rng: random.Random, jitter: float = 0.0, deadlines: list[float] | None = None) -> list[Packet]:
    """Arrivals of each channel every p_i (+ a random extra delay up to jitter * p_i), random phase.
    `payload`: bytes, or a tuple of sizes drawn at random per packet."""
    out = []
    sizes = payload if isinstance(payload, tuple) else (payload,)
    for i, p in enumerate(periods):
        t = rng.uniform(0, p)
        while t < horizon:
            out.append(Packet(i, rng.choice(sizes), arrival=int(t),
                              deadline=int(deadlines[i]) if deadlines else None))
            t += p * (1 + rng.uniform(0, jitter))
    out.sort(key=lambda q: q.arrival)
    return out


def maintainable(cfg: Config, channels: list[Channel], a: float, payload: int = 2048, seed: int = 1,
                 horizon_packets: int = 400) -> bool:
    """Does the set with p_i = a/m * e_i keep up (the response times stop growing)?"""
    rng = random.Random(seed)
    e = [channel_cost(ch, payload) for ch in channels]
    periods = [a / cfg.cores * x for x in e]
    horizon = int(horizon_packets * max(periods))
    pk = sporadic_packets(channels, periods, horizon, payload, rng)
    res = Model(cfg, channels).run(pk)
    resp = [p.response for p in res]
    q = len(resp) // 4
    # a set that keeps up has stationary response times; an overloaded one's grow with time
    return sum(resp[-q:]) / q - sum(resp[q:2 * q]) / q < 0.2 * max(e)


def bisect_alpha(cfg: Config, channels: list[Channel], lo: float, hi: float, payload: int = 2048,
                 iters: int = 7) -> float:
    """The smallest alpha in [lo, hi] whose periods p_i = alpha/m * e_i keep up (sporadic arrivals)."""
    if not maintainable(cfg, channels, hi, payload):
        return hi
    for _ in range(iters):
        mid = (lo + hi) / 2
        if maintainable(cfg, channels, mid, payload):
            hi = mid
        else:
            lo = mid
    return hi


def deadline_stats(cfg: Config, channels: list[Channel], load: float, deadline_factor: float = 2.0,
                   sizes: tuple = (2048,), packets: int = 400, jitter: float = 0.0, seed: int = 1) -> dict:
    """Sporadic arrivals at `load` x the analytic capacity: p_i = n / (load m) * e_i (eq. (4) with
    alpha = n / load), e_i the channel's mean cost over `sizes`; d_i = deadline_factor x the cost of
    its largest packet.  Deadline misses and response times (arrival to the last output beat)."""
    rng = random.Random(seed)
    n, m = len(channels), cfg.cores
    e = [sum(channel_cost(ch, s) for s in sizes) / len(sizes) for ch in channels]
    periods = [n / (load * m) * x for x in e]
    horizon = int(packets / sum(1 / p for p in periods))
    dl = [deadline_factor * channel_cost(ch, max(sizes)) for ch in channels]
    pk = sporadic_packets(channels, periods, horizon, sizes, rng, jitter, dl)
    res = Model(cfg, channels).run(pk)
    resp = sorted(p.response for p in res)
    miss = sum(p.response > p.deadline for p in res)
    return {"packets": len(res), "miss_ratio": miss / len(res), "response_median": resp[len(resp) // 2],
            "response_p99": resp[min(len(resp) - 1, int(0.99 * len(resp)))],
            "key_loads": sum(p.key_load for p in res) / len(res)}
