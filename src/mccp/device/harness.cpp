// Cycle-level harness around a Verilated `mccp_top` (class Vtop, built with --prefix Vtop).
//
// It depends only on the port list of mccp_top (docs/fabric.md "Ports"): an AXI4-Lite
// slave, an AXI4-Stream input and output of StreamBits, clk_i / rst_ni, irq_o.  The clock
// loop runs here; Python (ctypes, mccp.device.model) only queues packets, asks for
// register transactions and collects output packets.  The harness knows nothing about
// headers: packets are byte strings of any length split into StreamBits beats (beat 0 =
// most significant bytes of the first word); every beat is full but the last, whose TKEEP
// marks its valid bytes (a run from byte 0 = the top lane, TKEEP bit StreamBits/8-1).
// Output beats are joined until TLAST, keeping the bytes TKEEP marks.
//
// Every cycle:  drive inputs (clk low) -> eval -> sample handshakes -> clk high -> eval.
// Drivers change their outputs only after an edge, as registered logic would.
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "Vtop.h"
#include "verilated.h"

// Waveforms: a build with --trace-fst (FST, needs lz4.h/zlib.h) or --trace (VCD).
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#define DEV_TRACE 1
using TraceFile = VerilatedFstC;
#elif VM_TRACE_VCD || (VM_TRACE && !VM_TRACE_FST)
#include "verilated_vcd_c.h"
#define DEV_TRACE 1
using TraceFile = VerilatedVcdC;
#endif

namespace {

// tdata of any width as an array of 32-bit words, word 0 the least significant.
inline void put_bits(CData& s, const uint32_t* w) { s = static_cast<CData>(w[0]); }
inline void put_bits(SData& s, const uint32_t* w) { s = static_cast<SData>(w[0]); }
inline void put_bits(IData& s, const uint32_t* w) { s = w[0]; }
inline void put_bits(QData& s, const uint32_t* w) { s = (static_cast<QData>(w[1]) << 32) | w[0]; }
template <std::size_t N>
inline void put_bits(VlWide<N>& s, const uint32_t* w) {
    for (std::size_t i = 0; i < N; ++i) s[i] = w[i];
}
inline void get_bits(const CData& s, uint32_t* w) { w[0] = s; }
inline void get_bits(const SData& s, uint32_t* w) { w[0] = s; }
inline void get_bits(const IData& s, uint32_t* w) { w[0] = s; }
inline void get_bits(const QData& s, uint32_t* w) {
    w[0] = static_cast<uint32_t>(s);
    w[1] = static_cast<uint32_t>(s >> 32);
}
template <std::size_t N>
inline void get_bits(const VlWide<N>& s, uint32_t* w) {
    for (std::size_t i = 0; i < N; ++i) w[i] = s[i];
}

struct InPacket {
    std::vector<uint8_t> bytes;
    uint64_t id;
    bool last;     // TLAST on its last beat (false: the host abandons it mid-packet)
};

struct OutPacket {
    std::vector<uint8_t> bytes;
    uint64_t first_cycle;  // cycle of the first output beat
    uint64_t last_cycle;   // cycle of the TLAST beat
};

struct InStamp {
    uint64_t id;
    uint64_t first_cycle;  // cycle the first beat was accepted
    uint64_t last_cycle;   // cycle the TLAST beat was accepted
};

}  // namespace

struct Dev {
    VerilatedContext* ctx;
    Vtop* top;
#ifdef DEV_TRACE
    TraceFile* tfp = nullptr;
    uint64_t trace_from = 0;      // MCCP_TRACE_FROM: first cycle written to the waveform
#endif
    uint64_t cycle = 0;
    unsigned beat_bytes;
    unsigned beat_words;

    // input stream
    std::deque<InPacket> in_q;
    std::size_t in_pos = 0;       // byte offset of the beat on the bus within in_q.front()
    bool in_started = false;      // first beat of in_q.front() accepted
    uint64_t in_first = 0;
    bool in_valid = false;        // beat presented this cycle
    bool in_hold = false;         // a beat was offered and not yet accepted
    std::vector<InStamp> in_done;
    std::vector<std::pair<uint64_t, uint64_t>> in_starts;   // (id, cycle of the first beat accepted)
    uint64_t in_beats = 0;

    // output stream
    std::vector<uint8_t> out_cur;
    uint64_t out_first = 0;
    std::deque<OutPacket> out_q;
    uint64_t out_beats = 0;
    uint64_t out_packets = 0;
    // AXI4-Stream rule on the output: tvalid, tdata and tlast hold while tready is low
    bool out_stalled = false;
    uint32_t out_prev[4] = {0, 0, 0, 0};
    bool out_prev_last = false;
    uint64_t out_violations = 0;
    uint32_t out_prev_keep = 0;
    // TKEEP rule on the output (docs/fabric.md "Words and beats"): all ones but on the TLAST
    // beat, whose valid bytes are a nonempty run from byte 0
    uint64_t out_keep_errors = 0;

    // back-pressure
    std::mt19937_64 rng;
    double p_out_stall = 0.0;     // probability that m_axis_tready is low in a cycle
    double p_in_gap = 0.0;        // probability that s_axis_tvalid is held low in a cycle
    bool out_hold = false;        // a stuck consumer: m_axis_tready low until released
    std::uniform_real_distribution<double> uni{0.0, 1.0};

    // AXI4-Lite timing of a careless master (off by default): AWVALID and WVALID each
    // raised 0..3 cycles after the transaction begins (either may lead), BREADY and
    // RREADY low in a cycle with probability 1/2.  Valid holds until its handshake.
    bool bus_jitter = false;
    std::mt19937_64 bus_rng{7};
    unsigned aw_wait = 0, w_wait = 0;

    // AXI4-Lite master
    int aw_pending = 0, w_pending = 0, b_wait = 0, ar_pending = 0, r_wait = 0;
    uint32_t awaddr = 0, wdata = 0, wstrb = 0, araddr = 0;
    uint32_t bresp = 0, rdata = 0, rresp = 0;

    // coprocessor port (mccp_cop): one command in flight, its answer awaited
    bool cop_pending = false, cop_wait = false;
    uint32_t cop_func = 0, cop_a = 0, cop_b = 0, cop_data = 0;

    double wall_seconds = 0.0;
    uint64_t wall_cycles = 0;

    explicit Dev(uint64_t seed, const char* trace_path, const char* plusargs) : rng(seed) {
        ctx = new VerilatedContext;
        // "+name=value" words for the model's $value$plusargs (the entropy source's
        // simulation knobs), before the first eval runs the initial blocks
        std::vector<std::string> words{"mccp"};
        for (const char* p = plusargs; p && *p;) {
            while (*p == ' ') ++p;
            const char* e = p;
            while (*e && *e != ' ') ++e;
            if (e > p) words.emplace_back(p, e);
            p = e;
        }
        std::vector<const char*> argv;
        for (const auto& w : words) argv.push_back(w.c_str());
        ctx->commandArgs(static_cast<int>(argv.size()), argv.data());
#ifdef DEV_TRACE
        if (trace_path && *trace_path) ctx->traceEverOn(true);   // before the model is built
#endif
        top = new Vtop{ctx, "top"};
        // Verilator holds a port of <= 32 bits in IData, 33..64 in QData, wider in VlWide
        beat_bytes = static_cast<unsigned>(sizeof(top->s_axis_tdata_i));
        beat_words = (beat_bytes + 3) / 4;
        (void)trace_path;
#ifdef DEV_TRACE
        if (trace_path && *trace_path) {
            if (const char* from = std::getenv("MCCP_TRACE_FROM")) trace_from = std::strtoull(from, nullptr, 10);
            tfp = new TraceFile;
            top->trace(tfp, 99);
            tfp->open(trace_path);
        }
#endif
        idle_inputs();
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
    }

    ~Dev() {
#ifdef DEV_TRACE
        if (tfp) {
            tfp->close();
            delete tfp;
        }
#endif
        top->final();
        delete top;
        delete ctx;
    }

    void idle_inputs() {
        top->s_axil_awvalid_i = 0;
        top->s_axil_awaddr_i = 0;
        top->s_axil_wvalid_i = 0;
        top->s_axil_wdata_i = 0;
        top->s_axil_wstrb_i = 0;
        top->s_axil_bready_i = 0;
        top->s_axil_arvalid_i = 0;
        top->s_axil_araddr_i = 0;
        top->s_axil_rready_i = 0;
        top->s_axis_tvalid_i = 0;
        top->s_axis_tkeep_i = 0;
        top->s_axis_tlast_i = 0;
        top->m_axis_tready_i = 0;
        top->cop_cmd_valid_i = 0;
        top->cop_cmd_func_i = 0;
        top->cop_cmd_a_i = 0;
        top->cop_cmd_b_i = 0;
        top->cop_rsp_ready_i = 0;
    }

    // TKEEP of a beat whose first n bytes are valid: the top n lanes.
    uint32_t keep_of(std::size_t n) const {
        uint32_t all = beat_bytes >= 32 ? 0xFFFFFFFFu : (1u << beat_bytes) - 1;
        if (n >= beat_bytes) return all;
        return all & ~(all >> n);
    }

    void drive_in_beat() {
        // the beat at in_pos of the front packet, or nothing
        in_valid = false;
        if (in_q.empty()) {
            top->s_axis_tvalid_i = 0;
            top->s_axis_tkeep_i = 0;
            top->s_axis_tlast_i = 0;
            return;
        }
        // a gap only before a beat is offered: AXI4-Stream keeps tvalid up until the handshake
        if (!in_hold && p_in_gap > 0.0 && uni(rng) < p_in_gap) {
            top->s_axis_tvalid_i = 0;
            top->s_axis_tkeep_i = 0;
            top->s_axis_tlast_i = 0;
            return;
        }
        const std::vector<uint8_t>& b = in_q.front().bytes;
        uint32_t w[4] = {0, 0, 0, 0};
        for (unsigned i = 0; i < beat_bytes; ++i) {
            std::size_t k = in_pos + i;
            uint32_t v = k < b.size() ? b[k] : 0;
            unsigned word = beat_words - 1 - i / 4;
            w[word] |= v << (24 - 8 * (i % 4));
        }
        put_bits(top->s_axis_tdata_i, w);
        top->s_axis_tvalid_i = 1;
        top->s_axis_tlast_i = (in_q.front().last && in_pos + beat_bytes >= b.size()) ? 1 : 0;
        top->s_axis_tkeep_i = keep_of(b.size() - in_pos);   // the bytes beyond the packet: not valid
        in_valid = true;
    }

    // One clock cycle. Returns nothing; all bookkeeping in members.
    void tick() {
        // drive (clock low)
        drive_in_beat();
        top->m_axis_tready_i = (out_hold || (p_out_stall > 0.0 && uni(rng) < p_out_stall)) ? 0 : 1;
        bool aw_show = aw_pending && aw_wait == 0, w_show = w_pending && w_wait == 0;
        if (aw_wait) --aw_wait;
        if (w_wait) --w_wait;
        bool b_take = b_wait && !(bus_jitter && (bus_rng() & 1));
        bool r_take = r_wait && !(bus_jitter && (bus_rng() & 1));
        top->s_axil_awvalid_i = aw_show ? 1 : 0;
        top->s_axil_awaddr_i = awaddr;
        top->s_axil_wvalid_i = w_show ? 1 : 0;
        top->s_axil_wdata_i = wdata;
        top->s_axil_wstrb_i = wstrb;
        top->s_axil_bready_i = b_take ? 1 : 0;
        top->s_axil_arvalid_i = ar_pending ? 1 : 0;
        top->s_axil_araddr_i = araddr;
        top->s_axil_rready_i = r_take ? 1 : 0;
        top->cop_cmd_valid_i = cop_pending ? 1 : 0;
        top->cop_cmd_func_i = cop_func;
        top->cop_cmd_a_i = cop_a;
        top->cop_cmd_b_i = cop_b;
        top->cop_rsp_ready_i = cop_wait ? 1 : 0;
        top->clk_i = 0;
        top->eval();
#ifdef DEV_TRACE
        if (tfp && cycle >= trace_from) tfp->dump(ctx->time());
        ctx->timeInc(1);
#endif
        // sample handshakes
        bool in_fire = in_valid && top->s_axis_tready_o;
        bool out_fire = top->m_axis_tvalid_o && top->m_axis_tready_i;
        bool out_last = out_fire && top->m_axis_tlast_o;
        uint32_t ow[4] = {0, 0, 0, 0};
        bool out_valid = top->m_axis_tvalid_o;
        uint32_t okeep = out_valid ? static_cast<uint32_t>(top->m_axis_tkeep_o) : 0;
        if (out_valid) get_bits(top->m_axis_tdata_o, ow);
        if (out_stalled) {
            bool same = out_valid && (bool)top->m_axis_tlast_o == out_prev_last && okeep == out_prev_keep;
            for (unsigned i = 0; i < beat_words; ++i) same = same && ow[i] == out_prev[i];
            if (!same) ++out_violations;
        }
        out_stalled = out_valid && !out_fire;
        if (out_stalled) {
            std::memcpy(out_prev, ow, sizeof ow);
            out_prev_last = top->m_axis_tlast_o;
            out_prev_keep = okeep;
        }
        unsigned out_n = 0;   // valid bytes of the output beat: the run of TKEEP ones from byte 0
        if (out_fire) {
            while (out_n < beat_bytes && (okeep >> (beat_bytes - 1 - out_n) & 1u)) ++out_n;
            bool keep_ok = top->m_axis_tlast_o ? (out_n > 0 && okeep == keep_of(out_n)) : out_n == beat_bytes;
            if (!keep_ok) ++out_keep_errors;
        }
        bool aw_fire = aw_show && top->s_axil_awready_o;
        bool w_fire = w_show && top->s_axil_wready_o;
        bool b_fire = b_take && top->s_axil_bvalid_o;
        uint32_t b_resp = top->s_axil_bresp_o;
        bool ar_fire = ar_pending && top->s_axil_arready_o;
        bool r_fire = r_take && top->s_axil_rvalid_o;
        uint32_t r_data = top->s_axil_rdata_o, r_resp = top->s_axil_rresp_o;
        bool cop_cmd_fire = cop_pending && top->cop_cmd_ready_o;
        bool cop_rsp_fire = cop_wait && top->cop_rsp_valid_o;
        uint32_t cop_rsp = top->cop_rsp_data_o;
        // edge
        top->clk_i = 1;
        top->eval();
#ifdef DEV_TRACE
        if (tfp && cycle >= trace_from) tfp->dump(ctx->time());
        ctx->timeInc(1);
#endif
        // bookkeeping
        in_hold = in_valid && !in_fire;
        if (in_fire) {
            ++in_beats;
            if (!in_started) {
                in_started = true;
                in_first = cycle;
                in_starts.emplace_back(in_q.front().id, cycle);
            }
            in_pos += beat_bytes;
            if (in_pos >= in_q.front().bytes.size()) {
                in_done.push_back({in_q.front().id, in_first, cycle});
                in_q.pop_front();
                in_pos = 0;
                in_started = false;
            }
        }
        if (out_fire) {
            ++out_beats;
            if (out_cur.empty()) out_first = cycle;
            for (unsigned i = 0; i < out_n; ++i) {
                unsigned word = beat_words - 1 - i / 4;
                out_cur.push_back(static_cast<uint8_t>(ow[word] >> (24 - 8 * (i % 4))));
            }
            if (out_last) {
                out_q.push_back({std::move(out_cur), out_first, cycle});
                out_cur.clear();
                ++out_packets;
            }
        }
        if (aw_fire) aw_pending = 0;
        if (w_fire) w_pending = 0;
        if (b_fire) {
            b_wait = 0;
            bresp = b_resp;
        }
        if (cop_cmd_fire) cop_pending = false;
        if (cop_rsp_fire && !cop_pending) {   // an answer belongs to an accepted command
            cop_wait = false;
            cop_data = cop_rsp;
        }
        if (ar_fire) ar_pending = 0;
        if (r_fire) {
            r_wait = 0;
            rdata = r_data;
            rresp = r_resp;
        }
        ++cycle;
    }
};

namespace {
struct Timer {
    Dev* d;
    uint64_t c0;
    std::chrono::steady_clock::time_point t0;
    explicit Timer(Dev* dev) : d(dev), c0(dev->cycle), t0(std::chrono::steady_clock::now()) {}
    ~Timer() {
        d->wall_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        d->wall_cycles += d->cycle - c0;
    }
};
}  // namespace

extern "C" {

// Error codes of the calls below.
enum { DEV_OK = 0, DEV_TIMEOUT = -1, DEV_NO_PACKET = -2, DEV_SHORT_BUFFER = -3, DEV_BAD_ARG = -4 };

Dev* dev_new(uint64_t seed, const char* trace_path, const char* plusargs) {
    return new Dev(seed, trace_path, plusargs);
}

void dev_free(Dev* d) { delete d; }

unsigned dev_beat_bytes(Dev* d) { return d->beat_bytes; }

uint64_t dev_cycle(Dev* d) { return d->cycle; }

void dev_reset(Dev* d, unsigned cycles) {
    Timer t(d);
    d->top->rst_ni = 0;
    for (unsigned i = 0; i < cycles; ++i) d->tick();
    d->top->rst_ni = 1;
    d->tick();
}

void dev_step(Dev* d, uint64_t cycles) {
    Timer t(d);
    for (uint64_t i = 0; i < cycles; ++i) d->tick();
}

void dev_backpressure(Dev* d, double p_out_stall, double p_in_gap, uint64_t seed) {
    d->p_out_stall = p_out_stall;
    d->p_in_gap = p_in_gap;
    d->rng.seed(seed);
}

int dev_irq(Dev* d) { return d->top->irq_o ? 1 : 0; }

// AXI4-Lite write; returns BRESP (0..3) or DEV_TIMEOUT.  The streams keep moving meanwhile.
int dev_write(Dev* d, uint32_t addr, uint32_t data, uint32_t strb, uint64_t timeout) {
    Timer t(d);
    d->awaddr = addr;
    d->wdata = data;
    d->wstrb = strb;
    d->aw_pending = d->w_pending = d->b_wait = 1;
    if (d->bus_jitter) {
        d->aw_wait = static_cast<unsigned>(d->bus_rng() % 4);
        d->w_wait = static_cast<unsigned>(d->bus_rng() % 4);
    }
    uint64_t limit = d->cycle + timeout;
    while (d->aw_pending || d->w_pending || d->b_wait) {
        if (d->cycle >= limit) {
            d->aw_pending = d->w_pending = d->b_wait = 0;
            return DEV_TIMEOUT;
        }
        d->tick();
    }
    return static_cast<int>(d->bresp);
}

// The same address written with each of `n` words in turn (firmware loads); stops at the
// first non-OKAY response and returns it (or DEV_TIMEOUT); 0 when all were OKAY.
int dev_write_many(Dev* d, uint32_t addr, const uint32_t* data, uint64_t n, uint64_t timeout) {
    for (uint64_t i = 0; i < n; ++i) {
        int r = dev_write(d, addr, data[i], 0xF, timeout);
        if (r != 0) return r;
    }
    return 0;
}

// AXI4-Lite read; returns RRESP (0..3) or DEV_TIMEOUT, the data in *data.
int dev_read(Dev* d, uint32_t addr, uint32_t* data, uint64_t timeout) {
    Timer t(d);
    d->araddr = addr;
    d->ar_pending = d->r_wait = 1;
    uint64_t limit = d->cycle + timeout;
    while (d->ar_pending || d->r_wait) {
        if (d->cycle >= limit) {
            d->ar_pending = d->r_wait = 0;
            return DEV_TIMEOUT;
        }
        d->tick();
    }
    *data = d->rdata;
    return static_cast<int>(d->rresp);
}

// One command on the coprocessor port (mccp_cop); returns 0 with its answer in *data, or
// DEV_TIMEOUT.  The streams keep moving meanwhile.
int dev_cop(Dev* d, uint32_t func, uint32_t a, uint32_t b, uint64_t timeout, uint32_t* data) {
    Timer t(d);
    d->cop_func = func;
    d->cop_a = a;
    d->cop_b = b;
    d->cop_pending = d->cop_wait = true;
    uint64_t limit = d->cycle + timeout;
    while (d->cop_pending || d->cop_wait) {
        if (d->cycle >= limit) {
            d->cop_pending = d->cop_wait = false;
            return DEV_TIMEOUT;
        }
        d->tick();
    }
    *data = d->cop_data;
    return 0;
}

// Queue a packet (any byte length: the last beat's TKEEP marks its valid bytes, the rest of
// its tdata is zero) with a caller's id.  last = 0: its last beat goes without TLAST, as from
// a host that abandons a packet.
void dev_push(Dev* d, const uint8_t* bytes, uint64_t len, uint64_t id, int last) {
    d->in_q.push_back({std::vector<uint8_t>(bytes, bytes + len), id, last != 0});
}

// A stuck consumer: m_axis_tready held low (on != 0) for as long as the caller likes.
void dev_hold_output(Dev* d, int on) { d->out_hold = on != 0; }

// AXI4-Lite timing of a careless master (see Dev::bus_jitter), seeded.
void dev_bus_jitter(Dev* d, int on, uint64_t seed) {
    d->bus_jitter = on != 0;
    d->bus_rng.seed(seed);
}

uint64_t dev_in_pending(Dev* d) { return d->in_q.size(); }

uint64_t dev_out_count(Dev* d) { return d->out_q.size(); }

uint64_t dev_out_total(Dev* d) { return d->out_packets; }

// Run until `n` output packets wait in the queue and (if `drain_input`) every queued input
// packet has been accepted; DEV_OK, or DEV_TIMEOUT after `max_cycles`.
int dev_run(Dev* d, uint64_t n, int drain_input, uint64_t max_cycles) {
    Timer t(d);
    uint64_t limit = d->cycle + max_cycles;
    while (d->out_q.size() < n || (drain_input && !d->in_q.empty())) {
        if (d->cycle >= limit) return DEV_TIMEOUT;
        d->tick();
    }
    return DEV_OK;
}

// Length of the oldest output packet (DEV_NO_PACKET if none).
int64_t dev_out_len(Dev* d) {
    if (d->out_q.empty()) return DEV_NO_PACKET;
    return static_cast<int64_t>(d->out_q.front().bytes.size());
}

// Pop the oldest output packet into buf (cap bytes); cycles of its first and TLAST beats.
int64_t dev_out_pop(Dev* d, uint8_t* buf, uint64_t cap, uint64_t* first, uint64_t* last) {
    if (d->out_q.empty()) return DEV_NO_PACKET;
    OutPacket& p = d->out_q.front();
    if (p.bytes.size() > cap) return DEV_SHORT_BUFFER;
    std::memcpy(buf, p.bytes.data(), p.bytes.size());
    *first = p.first_cycle;
    *last = p.last_cycle;
    int64_t n = static_cast<int64_t>(p.bytes.size());
    d->out_q.pop_front();
    return n;
}

// Accepted input packets not yet collected: up to `cap` (id, first, last) triples.
uint64_t dev_in_stamps(Dev* d, uint64_t* out, uint64_t cap) {
    uint64_t n = 0;
    while (n < cap && !d->in_done.empty() && n < d->in_done.size()) {
        const InStamp& s = d->in_done[n];
        out[3 * n] = s.id;
        out[3 * n + 1] = s.first_cycle;
        out[3 * n + 2] = s.last_cycle;
        ++n;
    }
    d->in_done.erase(d->in_done.begin(), d->in_done.begin() + static_cast<std::ptrdiff_t>(n));
    return n;
}

// Input packets whose first beat was accepted since the last call: up to `cap` (id, cycle) pairs.
// (An error answer may leave before its input packet's TLAST is taken.)
uint64_t dev_in_starts(Dev* d, uint64_t* out, uint64_t cap) {
    uint64_t n = 0;
    while (n < cap && n < d->in_starts.size()) {
        out[2 * n] = d->in_starts[n].first;
        out[2 * n + 1] = d->in_starts[n].second;
        ++n;
    }
    d->in_starts.erase(d->in_starts.begin(), d->in_starts.begin() + static_cast<std::ptrdiff_t>(n));
    return n;
}

// Progress counters for diagnostics: beats in, beats out, partial output bytes, in_pos,
// input packets queued, output packets queued, output protocol violations, output TKEEP errors.
void dev_counters(Dev* d, uint64_t* out) {
    out[0] = d->in_beats;
    out[1] = d->out_beats;
    out[2] = d->out_cur.size();
    out[3] = d->in_pos;
    out[4] = d->in_q.size();
    out[5] = d->out_q.size();
    out[6] = d->out_violations;
    out[7] = d->out_keep_errors;
}

// Simulated cycles and wall-clock seconds spent inside the harness.
void dev_speed(Dev* d, uint64_t* cycles, double* seconds) {
    *cycles = d->wall_cycles;
    *seconds = d->wall_seconds;
}

}  // extern "C"
