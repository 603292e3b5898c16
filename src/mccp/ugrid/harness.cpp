// Cycle-level harness around a Verilated bare `mccp_ugrid` (class Vtop, built with --prefix
// Vtop), for mccp.ugrid.model (ctypes).  It depends only on the grid's port list
// (rtl/ugrid/mccp_ugrid.sv).  Configuration writes take a cycle each; a run drives the edge
// inputs of each executed cycle from the caller's buffer and records the edge outputs after
// it, so the Python side sees what the ISS's Grid.run returns.
//
// Every cycle:  drive inputs (clk low) -> eval -> clk high -> eval.
#include <cstdint>
#include <cstring>

#include "Vtop.h"
#include "verilated.h"

namespace {

// An edge port of any width as bytes, byte 0 the least significant (row or column 0).
inline void put_bytes(CData& s, const uint8_t* b, int) { s = b[0]; }
inline void put_bytes(SData& s, const uint8_t* b, int n) {
    s = 0;
    for (int i = 0; i < n; ++i) s |= static_cast<SData>(b[i]) << (8 * i);
}
inline void put_bytes(IData& s, const uint8_t* b, int n) {
    s = 0;
    for (int i = 0; i < n; ++i) s |= static_cast<IData>(b[i]) << (8 * i);
}
inline void put_bytes(QData& s, const uint8_t* b, int n) {
    s = 0;
    for (int i = 0; i < n; ++i) s |= static_cast<QData>(b[i]) << (8 * i);
}
template <std::size_t N>
inline void put_bytes(VlWide<N>& s, const uint8_t* b, int n) {
    for (std::size_t i = 0; i < N; ++i) s[i] = 0;
    for (int i = 0; i < n; ++i) s[i / 4] |= static_cast<uint32_t>(b[i]) << (8 * (i % 4));
}
template <typename T>
inline void get_bytes(const T& s, uint8_t* b, int n) {
    for (int i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(static_cast<uint64_t>(s) >> (8 * i));
}
template <std::size_t N>
inline void get_bytes(const VlWide<N>& s, uint8_t* b, int n) {
    for (int i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(s[i / 4] >> (8 * (i % 4)));
}

struct Grid {
    VerilatedContext ctx;
    Vtop top{&ctx};
    uint64_t cycle = 0;

    void tick() {
        top.clk_i = 0;
        top.eval();
        top.clk_i = 1;
        top.eval();
        ++cycle;
    }
};

}  // namespace

extern "C" {

void* grid_new() {
    auto* g = new Grid();
    g->top.rst_ni = 0;
    g->top.clk_i = 0;
    g->top.eval();
    g->tick();
    g->tick();
    g->top.rst_ni = 1;
    g->tick();
    return g;
}

void grid_free(void* p) { delete static_cast<Grid*>(p); }

uint64_t grid_cycle(void* p) { return static_cast<Grid*>(p)->cycle; }

// One configuration write (target 0 instruction memory, 1 table, 2 memory), taking a cycle.
void grid_cfg(void* p, int target, int all, int row, int col, int addr, int data) {
    auto* g = static_cast<Grid*>(p);
    g->top.cfg_we_i = 1;
    g->top.cfg_target_i = target;
    g->top.cfg_all_i = all;
    g->top.cfg_row_i = row;
    g->top.cfg_col_i = col;
    g->top.cfg_addr_i = addr;
    g->top.cfg_data_i = data;
    g->tick();
    g->top.cfg_we_i = 0;
}

// A run.  in_*: the edge inputs of executed cycle k at [k * rows] (east, west) or [k * cols]
// (north, south), for up to max_cycles executed cycles; out_*: the edge outputs after each.
// Returns the executed cycles (-1 if the run had not ended after max_cycles); *illegal = illegal_o.
int64_t grid_run(void* p, int rows, int cols, int entry, int last, int loop_start, int loop_end,
                 int loop_count, const uint8_t* in_e, const uint8_t* in_w, const uint8_t* in_n,
                 const uint8_t* in_s, uint8_t* out_e, uint8_t* out_w, uint8_t* out_n, uint8_t* out_s,
                 int64_t max_cycles, int* illegal) {
    auto* g = static_cast<Grid*>(p);
    auto& t = g->top;
    t.hold_i = 0;
    t.start_i = 1;
    t.entry_i = entry;
    t.last_i = last;
    t.loop_start_i = loop_start;
    t.loop_end_i = loop_end;
    t.loop_count_i = loop_count;
    g->tick();
    t.start_i = 0;
    int64_t k = 0;
    for (;;) {
        t.clk_i = 0;
        t.eval();
        if (!t.busy_o) break;
        if (k >= max_cycles) return -1;
        if (t.exec_o) {
            put_bytes(t.edge_in_e_i, in_e + k * rows, rows);
            put_bytes(t.edge_in_w_i, in_w + k * rows, rows);
            put_bytes(t.edge_in_n_i, in_n + k * cols, cols);
            put_bytes(t.edge_in_s_i, in_s + k * cols, cols);
        }
        bool executed = t.exec_o;
        g->tick();
        if (executed) {
            t.eval();
            get_bytes(t.edge_out_e_o, out_e + k * rows, rows);
            get_bytes(t.edge_out_w_o, out_w + k * rows, rows);
            get_bytes(t.edge_out_n_o, out_n + k * cols, cols);
            get_bytes(t.edge_out_s_o, out_s + k * cols, cols);
            ++k;
        }
    }
    *illegal = t.illegal_o;
    return k;
}

}  // extern "C"
