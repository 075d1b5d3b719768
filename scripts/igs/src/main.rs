// Minimal stand-in for igsolve's `cram` subcommand (igsolve/src/{main,cram,solver,tt,constdb}.rs at
// impartial-games 07a34e6), without clap. Same defaults as igsolve:
//   method = BrAspSet; TT = HashMap if board_size <= 40 else TTSuccinct64(log2(tt_size GB)+28, 2, 4, stafford13, Fifo),
//   tt_size default 8 (GB); edb_segments default 0 (no end database); edb_cols default 6; no TT protection.
// Usage: igscram ROWS COLS [--tt none|hashmap|succinct] [--tt_size GB] [--edb_segments N] [--edb_cols C]
//                          [--method def|lvb|br|br-asp-set] [--stats]
use std::collections::HashMap;
use std::time::Instant;
use igs::{games::cram::{Cram, slices_provider::LimitedColumnsSliceProvider, SmallerComponentsFirst},
    enddb::{EndDb, PrintStats, EndDbBuilderForDecomposableGame},
    transposition_table::{NimbersProvider, NimbersStorer, TTSuccinct64, bit_mixer::stafford13, cluster_policy::Fifo},
    game::{Game, DecomposableGame}, solver::Solver,
    stats::{StatsCollector, PrintProgress, EventStats},
    solver::{def::DefDecomposableGameSolver, lvb::LVBDecomposableGameSolver, br::BRDecomposableGameSolver}};
use std::fmt::{Display, Formatter};

#[derive(Clone, Copy, Debug)] enum Method { Def, Lvb, Br, BrAspSet }
#[derive(Clone, Copy, Debug)] enum TTKind { None, HashMap, Succinct }

struct Without;
impl StatsCollector for Without {}
impl Display for Without { fn fmt(&self, _: &mut Formatter<'_>) -> std::fmt::Result { Ok(()) } }

struct Conf { rows: u8, cols: u8, tt: Option<TTKind>, tt_size: Option<usize>, edb_segments: u32, edb_cols: u8, method: Method, stats: bool }

fn print_nimber_of_decomposable<G, S>(solver: &mut S, method: Method)
where G: DecomposableGame, S: DefDecomposableGameSolver<G> + LVBDecomposableGameSolver<G> + BRDecomposableGameSolver<G>
{
    let now = Instant::now();
    let nimber = match method {
        Method::Def => solver.nimber_of_initial_def(),
        Method::Lvb => solver.nimber_of_initial_lvb_report_progress(PrintProgress),
        Method::Br => solver.nimber_of_initial_br(),
        Method::BrAspSet => solver.nimber_of_initial_br_aspset_report_progress(PrintProgress),
    };
    println!("Nimber of initial position: {nimber}");
    println!("Calculation time: {:.2?}", now.elapsed());
}

fn solve<TT, CDB, ST>(game: &Cram, method: Method, tt: TT, cdb: CDB, stats: ST)
where TT: NimbersProvider<<Cram as Game>::Position> + NimbersStorer<<Cram as Game>::Position> + igs::dbs::HasLen,
      CDB: NimbersProvider<<Cram as Game>::Position>, ST: StatsCollector + Display
{
    let mut solver = Solver::new(game, tt, cdb, SmallerComponentsFirst{}, stats);
    print_nimber_of_decomposable(&mut solver, method);
    println!("TT size: {}", solver.transposition_table.len());
    println!("{}", solver.stats);
}

fn with_tt<CDB: NimbersProvider<<Cram as Game>::Position>>(c: &Conf, game: &Cram, cdb: CDB) {
    let kind = c.tt.unwrap_or(if game.board_size() > 40 { TTKind::Succinct } else { TTKind::HashMap });
    let log2 = c.tt_size.unwrap_or(8).checked_ilog2().unwrap_or(0) as u8 + (32-4);
    println!("TT kind: {:?}{}", kind, if let TTKind::Succinct = kind { format!(" (2^{} entries x 4 B = {} MiB)", log2, (1u64<<log2)*4 >> 20) } else { String::new() });
    macro_rules! go { ($tt:expr) => { if c.stats { solve(game, c.method, $tt, cdb, EventStats::default()) } else { solve(game, c.method, $tt, cdb, Without) } } }
    match kind {
        TTKind::None => go!(()),
        TTKind::HashMap => go!(HashMap::<u64, u8>::new()),
        TTKind::Succinct => go!(TTSuccinct64::new(log2, 2, 4, stafford13, Fifo)),
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 2 { eprintln!("usage: igscram ROWS COLS [--tt none|hashmap|succinct] [--tt_size GB] [--edb_segments N] [--edb_cols C] [--method def|lvb|br|br-asp-set] [--stats]"); std::process::exit(2); }
    let mut c = Conf { rows: a[0].parse().unwrap(), cols: a[1].parse().unwrap(), tt: None, tt_size: None, edb_segments: 0, edb_cols: 6, method: Method::BrAspSet, stats: false };
    let mut i = 2;
    while i < a.len() {
        let v = a.get(i+1).cloned().unwrap_or_default();
        match a[i].as_str() {
            "--tt" => { c.tt = Some(match v.as_str() { "none" => TTKind::None, "hashmap" => TTKind::HashMap, "succinct" => TTKind::Succinct, _ => panic!("bad --tt") }); i += 1; }
            "--tt_size" => { c.tt_size = Some(v.parse().unwrap()); i += 1; }
            "--edb_segments" => { c.edb_segments = v.parse().unwrap(); i += 1; }
            "--edb_cols" => { c.edb_cols = v.parse().unwrap(); i += 1; }
            "--method" | "-m" => { c.method = match v.as_str() { "def" => Method::Def, "lvb" => Method::Lvb, "br" => Method::Br, "br-asp-set" => Method::BrAspSet, _ => panic!("bad --method") }; i += 1; }
            "--stats" => c.stats = true,
            o => panic!("unknown option {o}"),
        }
        i += 1;
    }
    println!("---=== Cram {}x{} {:?} ===---", c.cols, c.rows, c.method);
    let game = Cram::new(c.cols, c.rows);
    if c.edb_segments == 0 {
        with_tt(&c, &game, ())
    } else if c.edb_cols == 0 || c.edb_cols >= c.cols {
        let mut enddb = EndDb::build_with_lsmap_verifier(&game, PrintStats::default());
        for _ in 0..c.edb_segments { enddb.build_slice_cached(&game, "igsolve_enddb").unwrap(); }
        with_tt(&c, &game, enddb.done())
    } else {
        let mut enddb = EndDb::build_with_lsmap_verifier(LimitedColumnsSliceProvider::new(&game, c.edb_cols), PrintStats::default());
        for _ in 0..c.edb_segments { enddb.build_slice_cached(&game, format!("igsolve_enddb_{}cols", c.edb_cols)).unwrap(); }
        with_tt(&c, &game, enddb.done())
    }
}
